import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_NAME_MAX_LENGTH, plainDisplayName } from './display-name';

describe('plainDisplayName', () => {
  it.each([
    ['María José', 'María José'],
    ["D'Alessandro-Núñez", "D'Alessandro-Núñez"],
    ['  Ana   ', 'Ana'],
    ['Visitá http://evil.example/x', 'Visitá http evil example x'],
    ['www.ganá-plata.com', 'www ganá-plata com'],
    ['<a href="x">Juan</a>', 'a href x Juan a'],
    ['ana@evil.example', 'ana evil example'],
    ['Juan\u202E\u0000', 'Juan'],
  ])('%j → %j', (input, expected) => expect(plainDisplayName(input)).toBe(expected));

  it('never leaves anything a mail client could turn into a link, nor over the length limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => {
        const out = plainDisplayName(input);
        expect(out).not.toMatch(/[.:/@<>"]/);
        expect(out.length).toBeLessThanOrEqual(EMAIL_NAME_MAX_LENGTH);
      }),
    );
  });
});
