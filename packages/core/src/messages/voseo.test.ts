import { describe, expect, it } from 'vitest';
import { messages } from './index';

/**
 * Every text of the catalogue speaks Argentine Spanish (voseo): "revisá", "podés", "agregá" — never
 * the tú forms ("revisa", "puedes", "has iniciado") nor Spain's words ("añadido", "ordenador").
 * The only exceptions are the spec's fixed texts, which stay exact (SPEC.md, with its orthography
 * restored); they are listed here so a new tú form elsewhere cannot hide behind them.
 */
const SPEC_FIXED_TEXTS = [
  'Por favor, revisa tu correo para verificar tu cuenta.',
  'Tu carrito está vacío o no has iniciado sesión.',
  'No tienes suficientes puntos para canjear este pedido.',
  'No se pudieron obtener los productos. Intenta recargar la página.',
  'Producto añadido',
  ' se ha añadido al carrito.',
];

/**
 * tú imperatives where a sentence or clause starts ("Revisa tu correo", "…, intenta de nuevo"):
 * mid-sentence the same word is a third person ("Un administrador revisa tu cuenta").
 * Voseo: revisá, intentá, ingresá, elegí, volvé, esperá, escribí, seleccioná, contactá, agregá.
 */
const TU_IMPERATIVES = ['revisa', 'intenta', 'ingresa', 'elige', 'vuelve', 'espera', 'escribe', 'selecciona', 'contacta', 'introduce', 'pulsa', 'haz', 'completa', 'agrega', 'elimina', 'prueba', 'inicia', 'verifica'];
/** tú present forms and Spain-Spanish words, anywhere (voseo: tenés, podés, querés, debés, necesitás, sos). */
const ANYWHERE = [
  'tienes', 'puedes', 'quieres', 'debes', 'necesitas', 'eres', 'has',
  'añadido', 'añadida', 'añadir', 'añade', 'ordenador', 'vale', 'coger', 'vosotros', 'móvil', 'fichero',
];
const forbidden = new RegExp(
  `(?:(?:^|[.!?¿¡:,;—]\\s*)(?:${TU_IMPERATIVES.join('|')})|(?<!\\p{L})(?:${ANYWHERE.join('|')}))(?!\\p{L})`,
  'iu',
);

/** Every string of the catalogue: values, and what each text function answers for sample arguments. */
function collect(value: unknown, path: string, out: { path: string; text: string }[]): void {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (typeof value === 'function') {
    for (const sample of [3, 'Yerba Mate 1 kg', 1]) {
      try {
        const args = Array.from({ length: Math.max(1, value.length) }, () => sample);
        collect((value as (...a: unknown[]) => unknown)(...args), `${path}()`, out);
      } catch {
        // A text function that needs another kind of argument: the other samples cover it.
      }
    }
  } else if (Array.isArray(value)) value.forEach((item, i) => collect(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) collect(item, `${path}.${key}`, out);
}

describe('messages speak Argentine Spanish', () => {
  const texts: { path: string; text: string }[] = [];
  collect(messages, 'messages', texts);

  it('reads the whole catalogue', () => {
    expect(texts.length).toBeGreaterThan(500);
  });

  it('has no tú forms or Spain-Spanish outside the spec’s fixed texts', () => {
    const offending = texts
      .map(({ path, text }) => ({ path, text: SPEC_FIXED_TEXTS.reduce((rest, fixed) => rest.replaceAll(fixed, ''), text) }))
      .filter(({ text }) => forbidden.test(text))
      .map(({ path, text }) => `${path}: ${text}`);
    expect([...new Set(offending)]).toEqual([]);
  });

  it('would catch one (the check itself works)', () => {
    expect(forbidden.test('Revisa tu correo')).toBe(true);
    expect(forbidden.test('Producto añadido')).toBe(true);
    expect(forbidden.test('Revisá tu correo')).toBe(false);
    expect(forbidden.test('Agregá 20 más')).toBe(false);
    expect(forbidden.test('No se pudo guardar. Intenta de nuevo.')).toBe(true);
    expect(forbidden.test('Un administrador revisa tu cuenta.')).toBe(false);
    expect(forbidden.test('No has iniciado sesión')).toBe(true);
  });
});
