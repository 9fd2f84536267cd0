import { describe, expect, it } from 'vitest';
import { receivables } from './texts';
import { cuentaCorrienteLink, cuentaCorrienteNavLabel, heldOrderNotice, receivablesTabTitle } from './nav-text';

/**
 * The cuenta corriente's screen texts live on the web until they move to core's catalogue, whose
 * voseo test does not read them; this is the same check (core/messages/voseo.test.ts) on them.
 */
const TU_IMPERATIVES = ['revisa', 'intenta', 'ingresa', 'elige', 'vuelve', 'espera', 'escribe', 'selecciona', 'contacta', 'introduce', 'pulsa', 'haz', 'completa', 'agrega', 'elimina', 'prueba', 'inicia', 'verifica'];
const ANYWHERE = ['tienes', 'puedes', 'quieres', 'debes', 'necesitas', 'eres', 'has', 'añadido', 'añadida', 'añadir', 'añade', 'ordenador', 'vale', 'coger', 'vosotros', 'móvil', 'fichero'];
const forbidden = new RegExp(`(?:(?:^|[.!?¿¡:,;—]\\s*)(?:${TU_IMPERATIVES.join('|')})|(?<!\\p{L})(?:${ANYWHERE.join('|')}))(?!\\p{L})`, 'iu');

function collect(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'string') out.push(`${path}: ${value}`);
  else if (typeof value === 'function') {
    for (const sample of [3, 'Almacén Don José']) {
      const args = Array.from({ length: Math.max(1, value.length) }, () => sample);
      collect((value as (...a: unknown[]) => unknown)(...args), `${path}()`, out);
    }
  } else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) collect(item, `${path}.${key}`, out);
}

describe('the cuenta corriente speaks Argentine Spanish', () => {
  const texts: string[] = [];
  collect({ receivables, cuentaCorrienteNavLabel, receivablesTabTitle, cuentaCorrienteLink, heldOrderNotice }, 'web', texts);

  it('reads every text', () => expect(texts.length).toBeGreaterThan(150));

  it('has no tú forms or Spain-Spanish', () => {
    expect(texts.filter((line) => forbidden.test(line.slice(line.indexOf(': ') + 2)))).toEqual([]);
  });

  it('would catch one', () => {
    expect(forbidden.test('Escribe el importe.')).toBe(true);
    expect(forbidden.test('Escribí el importe.')).toBe(false);
  });
});
