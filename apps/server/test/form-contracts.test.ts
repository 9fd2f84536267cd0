import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { textRule, type TextRule } from '@mayorista/core/schemas/text';
import { createAdmin, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import { freshCuit, formContracts, type ContractCaller, type ContractFixtures, type FormContract, type TextField } from './form-contracts';
import { setupTestApp } from './helpers';

// docs/decisions/028: every form's body, built by the browser's own code, through the real route.
const ctx = await setupTestApp({ env: { RATE_LIMIT_AUTH_MAX: '100000', RATE_LIMIT_EMAIL_MAX: '100000' } });

const callers: Record<Exclude<ContractCaller, 'anonymous'>, TestUser> = {
  unapproved: await createVerifiedUser(ctx, { approved: false }),
  customer: await createVerifiedUser(ctx, { approved: true }),
  admin: await createAdmin(ctx),
  superAdmin: await createSuperAdmin(ctx),
};

const fixtures: ContractFixtures = {
  freshCuit,
  freshEmail: () => `contrato-${randomBytes(6).toString('hex')}@example.com`,
};

const clone = <T>(value: T): T => structuredClone(value);

/** The body with `value` at `path` (`undefined` removes the key). */
function withValue(body: unknown, path: string, value: unknown): unknown {
  const copy = clone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

async function send(contract: FormContract, body: unknown) {
  const headers = contract.caller === 'anonymous' ? {} : callers[contract.caller].headers;
  return ctx.app.inject({ method: contract.method, url: await contract.url(fixtures), headers, payload: body as object });
}

const ruleOf = (name: string, field: TextField): TextRule => {
  const rule = textRule(field.schema);
  if (!rule) throw new Error(`${name}: its schema is not one of core/schemas/text.ts's text fields`);
  return rule;
};

/** A value of exactly `length` characters, accented so characters and bytes differ. */
const textOf = (length: number) => 'ñ'.repeat(length);

const textFields = (contract: FormContract) => Object.entries(contract.texts) as [string, TextField][];

describe.each(formContracts.map((c) => [c.form, c] as const))('%s', (_form, contract) => {
  it('(a) accepts the form with only the required fields, every optional one left empty', async () => {
    const res = await send(contract, contract.build(contract.required(fixtures)));
    expect(res.statusCode, res.body).toBe(contract.ok);
  });

  it('(b) accepts every text field at its maximum length', async () => {
    const values = contract.full(fixtures) as Record<string, unknown>;
    for (const [name, field] of textFields(contract)) values[name] = textOf(ruleOf(name, field).max);
    const res = await send(contract, contract.build(values));
    expect(res.statusCode, res.body).toBe(contract.ok);
  });

  it('(c) accepts every optional field filled', async () => {
    const res = await send(contract, contract.build(contract.full(fixtures)));
    expect(res.statusCode, res.body).toBe(contract.ok);
  });

  const fields = textFields(contract);
  it('declares its text fields with core/schemas/text.ts (limits and messages come from there)', () => {
    for (const [name, field] of fields) ruleOf(name, field);
  });
  it.each(fields)('%s one character over its limit is refused with its own message', async (name, field) => {
    const rule = ruleOf(name, field);
    const values = { ...(contract.full(fixtures) as Record<string, unknown>), [name]: textOf(rule.max + 1) };
    const res = await send(contract, contract.build(values));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: rule.tooLong });
    expect(res.json().issues[0].path).toBe(field.path);
  });

  const optional = fields.filter(([, field]) => textRule(field.schema)?.kind === 'optional');
  it.each(optional.flatMap(([name, field]) => (['absent', '""', 'null', 'spaces'] as const).map((how) => [name, how, field] as const)))(
    'optional %s sent %s is accepted',
    async (_name, how, field) => {
      const body = contract.build(contract.required(fixtures));
      const value = { absent: undefined, '""': '', null: null, spaces: '   ' }[how];
      const res = await send(contract, withValue(body, field.path, value));
      expect(res.statusCode, res.body).toBe(contract.ok);
    },
  );

  const required = fields.filter(([, field]) => textRule(field.schema)?.kind === 'required');
  it.each(required.flatMap(([name, field]) => (['null', 'spaces', 'a number'] as const).map((how) => [name, how, field] as const)))(
    'required %s sent as %s reads as its own "obligatorio" message',
    async (name, how, field) => {
      const body = contract.build(contract.full(fixtures));
      const value = { null: null, spaces: '   ', 'a number': 42 }[how];
      const res = await send(contract, withValue(body, field.path, value));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: ruleOf(name, field).required });
      expect(res.json().issues[0].path).toBe(field.path);
    },
  );
});
