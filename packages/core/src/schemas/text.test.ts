import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages';
import { signUpMetadataSchema, updateMeSchema } from './auth';
import { placeOrderSchema } from './order';
import { productFieldsSchema } from './product';
import { optionalText, requiredText, textRule } from './text';

const notes = optionalText({ max: 5, tooLong: 'largo', invalid: 'inválido' });
const name = requiredText({ min: 2, max: 5, required: 'obligatorio', tooLong: 'largo', invalid: 'inválido' });
const multi = optionalText({ max: 20, tooLong: 'largo', invalid: 'inválido', multiline: true });
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('optionalText', () => {
  it.each([undefined, null, '', '   ', '\n\t '])('%j is empty: null', (value) => {
    expect(notes.parse(value)).toBeNull();
  });
  it('trims, and counts characters after trimming', () => {
    expect(notes.parse('  ñandú  ')).toBe('ñandú');
    expect(first(notes.safeParse('ñandús'))).toBe('largo');
  });
  it.each([42, true, {}, ['a']])('%j is the field\'s "no es válido", never a length error', (value) => {
    expect(first(notes.safeParse(value))).toBe('inválido');
  });
  it('single-line refuses control characters; multi-line keeps line breaks and tabs', () => {
    expect(first(notes.safeParse('a\tb'))).toBe('inválido');
    expect(multi.parse('uno\r\ndos\tres')).toBe('uno\r\ndos\tres');
    expect(first(multi.safeParse('a\u0007b'))).toBe('inválido');
  });
  it('absent stays absent only behind .optional() (a partial update leaves the field as it is)', () => {
    expect(z.object({ n: notes }).parse({})).toEqual({ n: null });
    expect(z.object({ n: notes.optional() }).parse({})).toEqual({});
  });
});

describe('requiredText', () => {
  it.each([null, undefined, 42, '   ', 'a'])('%j reads as the field\'s "es obligatorio"', (value) => {
    expect(first(name.safeParse(value))).toBe('obligatorio');
  });
  it('over the limit says so; control characters are not valid', () => {
    expect(first(name.safeParse('abcdef'))).toBe('largo');
    expect(first(name.safeParse('ab\ncd'))).toBe('inválido');
    expect(name.parse('  Ana ')).toBe('Ana');
  });
  it('textRule finds the rule through .optional() and a transform', () => {
    expect(textRule(name)).toMatchObject({ kind: 'required', min: 2, max: 5 });
    expect(textRule(notes.optional())).toMatchObject({ kind: 'optional', max: 5 });
    expect(textRule(notes.transform((v) => v ?? ''))).toMatchObject({ kind: 'optional' });
    expect(textRule(z.string())).toBeUndefined();
  });
});

// The bug behind docs/decisions/028: the browser sent a schema's output (`delivery_notes: null`)
// and the server read it as input. Every request schema must accept its own output again.
describe('a request schema reads its own output', () => {
  const business = {
    razon_social: 'Almacén',
    cuit: '30-71234567-1',
    iva_condition: 'monotributista',
    whatsapp: '11 1234-5678',
    address_street: 'Av. Corrientes 1234',
    address_city: 'Buenos Aires',
    address_province: 'AR-B',
    address_postal_code: '1425',
  };
  it.each([
    ['sign-up metadata, notes empty', signUpMetadataSchema, { nombre: 'Ana', apellido: 'Gómez', dni: '30123456', ...business, delivery_notes: '' }],
    ['Mi cuenta, notes empty', updateMeSchema, { ...business, delivery_notes: '   ' }],
    ['product, optional texts empty', productFieldsSchema, { name: 'Yerba', price: 100, retail_price: 200, sku: '', description: '' }],
    ['order, observaciones empty', placeOrderSchema, { items: [], observaciones: '' }],
  ] as const)('%s', (_name, schema, input) => {
    const once = (schema as z.ZodType).parse(input);
    expect((schema as z.ZodType).parse(once)).toEqual(once);
  });
  it('an empty delivery note is never read as too long', () => {
    const result = signUpMetadataSchema.safeParse({ nombre: 'Ana', apellido: 'Gómez', dni: '30123456', delivery_notes: null });
    expect(result.success).toBe(true);
    expect(first(signUpMetadataSchema.safeParse({ nombre: 'Ana', apellido: 'Gómez', dni: '30123456', delivery_notes: 7 }))).toBe(messages.business.deliveryNotesInvalid);
  });
});
