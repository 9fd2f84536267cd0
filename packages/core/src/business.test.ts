import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cuitCheckDigit,
  cuitProblem,
  cuitSearchTerm,
  formatArPhone,
  formatCuit,
  isPostalCode,
  isProvinceCode,
  IVA_CONDITIONS,
  IVA_CONDITION_LABELS,
  missingBusinessFields,
  normalizeArPhone,
  normalizeCuit,
  PROVINCES,
  WHATSAPP_PATTERN,
} from './business';
import { businessProfileSchema, cuitSchema, whatsappSchema } from './schemas/business';

/** A valid CUIT for any 10 leading digits that have one (a result of 10 has none). */
const validCuitArb = fc
  .tuple(fc.constantFrom('20', '23', '24', '27', '30', '33', '34'), fc.stringMatching(/^\d{8}$/))
  .map(([type, number]) => type + number)
  .filter((first10) => cuitCheckDigit(first10) !== null)
  .map((first10) => first10 + String(cuitCheckDigit(first10)));

describe('CUIT', () => {
  it.each([
    ['20-12345678-6', null],
    ['20123456786', null],
    [' 20 12345678 6 ', null],
    ['20.12345678.6', null],
    ['30-71234567-1', null],
    ['20-12345678-0', 'check_digit'],
    ['30-71234567-8', 'check_digit'],
    ['2012345678', 'format'],
    ['201234567860', 'format'],
    ['20-1234567A-6', 'format'],
    ['', 'format'],
    ['abcdefghijk', 'format'],
  ])('%j → %j', (input, problem) => expect(cuitProblem(input)).toBe(problem));

  it('applies the official weights: 11 becomes 0 and 10 has no valid check digit', () => {
    // 2,0,1,2,3,4,5,6,7,8 × 5,4,3,2,7,6,5,4,3,2 = 148; 148 mod 11 = 5; 11 − 5 = 6.
    expect(cuitCheckDigit('2012345678')).toBe(6);
    // Σ = 0 → 11 − 0 = 11 → 0.
    expect(cuitCheckDigit('0000000000')).toBe(0);
    // 1×5 + 1×7 = 12 ≡ 1 (mod 11) → 11 − 1 = 10: no check digit makes these 10 digits a CUIT.
    expect(cuitCheckDigit('1000100000')).toBeNull();
    expect(cuitProblem('10001000000')).toBe('check_digit');
  });

  it('formats as 30-71234567-1 and accepts it back', () => {
    expect(formatCuit('30712345671')).toBe('30-71234567-1');
    expect(formatCuit('30-71234567-1')).toBe('30-71234567-1');
    expect(formatCuit('123')).toBe('123');
  });

  it('every valid CUIT survives format → normalise, and changing its check digit breaks it', () => {
    fc.assert(
      fc.property(validCuitArb, fc.integer({ min: 1, max: 9 }), (cuit, delta) => {
        expect(cuitProblem(cuit)).toBeNull();
        expect(normalizeCuit(formatCuit(cuit))).toBe(cuit);
        const wrong = cuit.slice(0, 10) + String((Number(cuit[10]) + delta) % 10);
        expect(cuitProblem(wrong)).toBe('check_digit');
      }),
    );
  });

  it('a search for CUIT digits drops the separators; any other text stays', () => {
    expect(cuitSearchTerm('30-71234567-1')).toBe('30712345671');
    expect(cuitSearchTerm(' 30 7123 ')).toBe('307123');
    expect(cuitSearchTerm('Almacén Don José')).toBe('Almacén Don José');
    expect(cuitSearchTerm('---')).toBe('---');
  });

  it('the schema stores 11 digits and answers the spec message for a wrong check digit', () => {
    expect(cuitSchema.parse('30-71234567-1')).toBe('30712345671');
    const result = cuitSchema.safeParse('20-12345678-0');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('El CUIT no es válido: revisá el dígito verificador.');
    expect(cuitSchema.safeParse('2012345678').error?.issues[0]?.message).toMatch(/11 dígitos/);
  });
});

describe('Argentine phone numbers', () => {
  it.each([
    ['011 15-1234-5678', '5491112345678'],
    ['+54 9 11 1234-5678', '5491112345678'],
    ['11 1234 5678', '5491112345678'],
    ['(011) 1234-5678', '5491112345678'],
    ['+54 11 15 1234-5678', '5491112345678'],
    ['+54 11 1234 5678', '5491112345678'],
    ['0054 9 11 1234 5678', '5491112345678'],
    ['5491112345678', '5491112345678'],
    ['0351 15 123 4567', '5493511234567'],
    ['351 123-4567', '5493511234567'],
    ['+54 9 351 123 4567', '5493511234567'],
    ['02944 15 12-3456', '5492944123456'],
    ['2944 123456', '5492944123456'],
    ['0221 15 456-7890', '5492214567890'],
  ])('%j → %j', (input, expected) => expect(normalizeArPhone(input)).toBe(expected));

  it.each([
    ['+1 415 555 2671'],
    ['+598 99 123 456'],
    ['0059899123456'],
    ['1234-5678'],
    ['15 1234-5678'],
    ['0800 333 1234'],
    ['11 1234 567'],
    ['11 1234 56789'],
    ['011 16 1234 5678'],
    ['abc'],
    [''],
    ['+54 9 11 1234-5678 int. 2'],
  ])('%j is refused', (input) => expect(normalizeArPhone(input)).toBeNull());

  it('any national number, written in any of the usual ways, normalises to the same digits', () => {
    const area = fc.oneof(
      fc.constant('11'),
      fc.stringMatching(/^[23][1-9]\d$/),
      fc.stringMatching(/^[23][1-9]\d\d$/),
    );
    fc.assert(
      fc.property(area, fc.stringMatching(/^[2-9]\d{7}$/), (areaCode, rest) => {
        const subscriber = rest.slice(0, 10 - areaCode.length);
        const expected = `549${areaCode}${subscriber}`;
        const ways = [
          `${areaCode}${subscriber}`,
          `0${areaCode} ${subscriber}`,
          `0${areaCode} 15 ${subscriber}`,
          `+54 9 ${areaCode} ${subscriber}`,
          `+54 ${areaCode} 15 ${subscriber}`,
          `+54${areaCode}${subscriber}`,
          expected,
        ];
        for (const way of ways) expect(normalizeArPhone(way), way).toBe(expected);
        expect(expected).toMatch(WHATSAPP_PATTERN);
        // Normalising twice changes nothing.
        expect(normalizeArPhone(expected)).toBe(expected);
      }),
    );
  });

  it('never answers anything but 549 + 10 digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (input) => {
        const out = normalizeArPhone(input);
        if (out !== null) expect(out).toMatch(WHATSAPP_PATTERN);
      }),
    );
  });

  it('formats for people', () => {
    expect(formatArPhone('5491112345678')).toBe('+54 9 11 1234-5678');
    expect(formatArPhone('5493511234567')).toBe('+54 9 351123-4567');
  });

  it('the schema answers a Spanish message for a foreign number', () => {
    expect(whatsappSchema.safeParse('+1 415 555 2671').error?.issues[0]?.message).toMatch(/celular argentino/);
  });
});

describe('IVA conditions, jurisdictions and postal codes', () => {
  it('has the four conditions with their labels', () => {
    expect(IVA_CONDITIONS).toEqual(['responsable_inscripto', 'monotributista', 'exento', 'consumidor_final']);
    expect(IVA_CONDITION_LABELS.responsable_inscripto).toBe('Responsable Inscripto');
  });

  it('has 24 jurisdictions: 23 provinces and CABA, each code once', () => {
    expect(PROVINCES).toHaveLength(24);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(24);
    expect(new Set(PROVINCES.map((p) => p.label)).size).toBe(24);
    expect(isProvinceCode('AR-C')).toBe(true);
    expect(isProvinceCode('AR-Ñ')).toBe(false);
    expect(isProvinceCode('Córdoba')).toBe(false);
  });

  it.each([
    ['1425', true],
    ['c1425dkf', true],
    ['C 1425 DKF', true],
    ['142', false],
    ['C1425DK', false],
    ['ABCD', false],
  ])('postal code %j → %j', (input, ok) => expect(isPostalCode(input)).toBe(ok));

  it('lists what an older account still lacks', () => {
    expect(missingBusinessFields({})).toHaveLength(8);
    expect(
      missingBusinessFields({
        razon_social: 'Almacén Don José',
        cuit: '30712345671',
        iva_condition: 'monotributista',
        whatsapp: '5491112345678',
        address_street: 'Av. Siempre Viva 742',
        address_city: 'Córdoba',
        address_province: 'AR-X',
        address_postal_code: ' ',
      }),
    ).toEqual(['address_postal_code']);
  });
});

describe('businessProfileSchema', () => {
  const valid = {
    razon_social: '  Almacén Don José  ',
    cuit: '30-71234567-1',
    iva_condition: 'responsable_inscripto',
    whatsapp: '0351 15 123 4567',
    address_street: 'Av. Colón 1234',
    address_city: 'Córdoba',
    address_province: 'AR-X',
    address_postal_code: 'x5000abc',
    delivery_notes: '',
  };

  it('normalises every field', () => {
    expect(businessProfileSchema.parse(valid)).toEqual({
      razon_social: 'Almacén Don José',
      cuit: '30712345671',
      iva_condition: 'responsable_inscripto',
      whatsapp: '5493511234567',
      address_street: 'Av. Colón 1234',
      address_city: 'Córdoba',
      address_province: 'AR-X',
      address_postal_code: 'X5000ABC',
      delivery_notes: null,
    });
  });

  it.each([
    ['iva_condition', 'inscripto', 'Elegí una condición frente al IVA de la lista.'],
    ['address_province', 'Córdoba', 'Elegí una provincia de la lista.'],
    ['cuit', '20-12345678-0', 'El CUIT no es válido: revisá el dígito verificador.'],
    ['razon_social', ' ', 'Ingresá la razón social o el nombre de fantasía (al menos 2 caracteres).'],
  ])('%s = %j → %j', (field, value, message) => {
    const result = businessProfileSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });
});
