import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { pointsAdjustmentSchema, roleChangeSchema, signInSchema, signOutQuerySchema, signUpSchema } from './auth';

const SPEC_MESSAGE = 'You must provide either an email or phone number and a password';
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('signUpSchema', () => {
  const valid = { email: '  Ana@Example.COM ', password: 'una-clave-larga', data: { nombre: ' Ana ', apellido: 'Gómez', dni: '30123456' } };

  it('normalises the e-mail and trims the metadata', () => {
    const parsed = signUpSchema.parse(valid);
    expect(parsed.email).toBe('ana@example.com');
    expect(parsed.data.nombre).toBe('Ana');
  });

  it('drops unknown and privileged keys from the metadata', () => {
    const parsed = signUpSchema.parse({ ...valid, data: { ...valid.data, is_admin: true, approved: true, saldo_puntos: 1 } });
    expect(parsed.data).toEqual({ nombre: 'Ana', apellido: 'Gómez', dni: '30123456' });
  });

  it.each([
    [{ password: 'una-clave-larga', data: valid.data }],
    [{ email: 'a@example.com', data: valid.data }],
    [{ email: '   ', password: 'una-clave-larga' }],
    [{}],
  ])('answers the spec message verbatim when credentials are missing: %j', (input) => {
    expect(firstMessage(signUpSchema.safeParse(input))).toBe(SPEC_MESSAGE);
  });

  it.each([
    ['1234567', true],
    ['12345678', true],
    ['123456', false],
    ['123456789', false],
    ['1234567a', false],
  ])('DNI %s valid: %s', (dni, ok) => {
    expect(signUpSchema.safeParse({ ...valid, data: { ...valid.data, dni } }).success).toBe(ok);
  });

  it('refuses short passwords in Spanish', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: '1234567' }))).toBe(messages.accountRules.passwordTooShort);
  });
});

describe('other auth schemas', () => {
  it('sign-in needs the same credentials and normalises the e-mail', () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'a@example.com' }))).toBe(SPEC_MESSAGE);
    expect(signInSchema.parse({ email: ' A@B.COM', password: 'x' }).email).toBe('a@b.com');
  });

  it('sign-out scope defaults to local and accepts only the three scopes', () => {
    expect(signOutQuerySchema.parse({}).scope).toBe('local');
    expect(signOutQuerySchema.safeParse({ scope: 'everything' }).success).toBe(false);
  });

  it('points adjustments need integer centavos ≥ 0 and a reason', () => {
    expect(pointsAdjustmentSchema.safeParse({ saldo_puntos: 0, reason: 'cierre' }).success).toBe(true);
    expect(pointsAdjustmentSchema.safeParse({ saldo_puntos: 1.5, reason: 'cierre' }).success).toBe(false);
    expect(pointsAdjustmentSchema.safeParse({ saldo_puntos: -1, reason: 'cierre' }).success).toBe(false);
    expect(firstMessage(pointsAdjustmentSchema.safeParse({ saldo_puntos: 1, reason: ' a ' }))).toBe(messages.accountRules.adjustmentReasonRequired);
  });

  it('role changes need at least one flag', () => {
    expect(roleChangeSchema.safeParse({}).success).toBe(false);
    expect(roleChangeSchema.safeParse({ is_admin: true }).success).toBe(true);
  });
});
