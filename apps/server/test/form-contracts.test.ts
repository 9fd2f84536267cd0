import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { textRule, type TextRule } from '@mayorista/core/schemas/text';
import { insertOrder, insertProduct } from './admin-orders-fixtures';
import { createAdmin, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import {
  FRESH_PASSWORD,
  freshCuit,
  formContracts,
  WEB_REQUESTS_WITHOUT_FORM,
  type ContractCaller,
  type ContractFixtures,
  type FormContract,
  type TextField,
} from './form-contracts';
import { setupTestApp } from './helpers';
import { setCart } from './orders-fixtures';

// docs/decisions/028: every form's body, built by the browser's own code, through the real route
// on real PostgreSQL; the bodies at and over each text field's limit come from core's schemas.
const ctx = await setupTestApp({ env: { RATE_LIMIT_AUTH_MAX: '100000', RATE_LIMIT_EMAIL_MAX: '100000' } });

const callers: Record<Exclude<ContractCaller, 'anonymous' | 'fresh'>, TestUser> = {
  unapproved: await createVerifiedUser(ctx, { approved: false }),
  customer: await createVerifiedUser(ctx, { approved: true, saldo_puntos: 10_000_000 }),
  admin: await createAdmin(ctx),
  superAdmin: await createSuperAdmin(ctx),
};

const unique = () => randomBytes(5).toString('hex');
const sku = `CONTRATO-${unique()}`;
const { rows: productRows } = await ctx.pool.query<{ id: string }>(
  `insert into products (name, price, retail_price, stock, has_unlimited_stock, sku) values ($1, 150000, 300000, 0, true, $2) returning id`,
  [`Contrato ${unique()}`, sku],
);
const productId = productRows[0]!.id;

const signInUser = await createVerifiedUser(ctx, { approved: true });

const fixtures: ContractFixtures = {
  freshCuit,
  unapprovedId: callers.unapproved.userId,
  signInUser: { email: signInUser.email, password: signInUser.password },
  freshEmail: () => `contrato-${unique()}@example.com`,
  unique,
  customerId: callers.customer.userId,
  productId,
  sku,
  freshOrder: async () => {
    const order = await insertOrder(ctx.pool, { userId: callers.customer.userId, lines: [{ product: { id: productId, name: 'Contrato', price: 150_000 }, quantity: 2 }] });
    const { rows } = await ctx.pool.query<{ updated_at: Date }>(`select updated_at from orders where id = $1`, [order.id]);
    return { id: order.id, updated_at: rows[0]!.updated_at.toISOString(), product_id: productId };
  },
  fillCart: () => setCart(ctx, callers.customer.userId, { [productId]: 2 }),
  noMinimumOrder: async () => {
    await ctx.pool.query(`update app_settings set value = value || '{"min_order_amount": 0}'`);
  },
  freshCustomer: async () => (await createVerifiedUser(ctx, { approved: true })).userId,
  freshPayment: async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${callers.customer.userId}/payments`,
      headers: callers.admin.headers,
      payload: { amount: 10_000, method: 'cash', idempotency_key: `contrato-${unique()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  },
  freshProduct: async () => (await insertProduct(ctx.pool, { name: `Editar ${unique()}` })).id,
  freshPriceList: async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/price-lists', headers: callers.admin.headers, payload: { name: `Editar ${unique()}`, percentage: 0 } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  },
  freshList: async () => {
    await setCart(ctx, callers.customer.userId, { [productId]: 2 });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/lists', headers: callers.customer.headers, payload: { name: `Lista ${unique()}` } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  },
};

const clone = <T>(value: T): T => structuredClone(value);

/** The body with `value` at `path` (`undefined` removes the key). */
function withValue(body: unknown, at: string, value: unknown): unknown {
  const copy = clone(body) as Record<string, unknown>;
  const keys = at.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

async function headersOf(caller: ContractCaller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'fresh') return (await createVerifiedUser(ctx, { approved: true, password: FRESH_PASSWORD })).headers;
  return callers[caller].headers;
}

/** Prepares what one request acts on, builds the form's values and sends `change(build(values))`. */
async function send(contract: FormContract, values: (state: unknown) => Record<string, unknown>, change: (body: unknown) => unknown = (b) => b) {
  const state = contract.prepare ? await contract.prepare(fixtures) : undefined;
  const body = change(contract.build(values(state)));
  const headers = await headersOf(contract.caller);
  const query = contract.stored(fixtures, state);
  const read = async () => (await ctx.pool.query(query.sql, query.params ?? [])).rows;
  const before = await read();
  const res = await ctx.app.inject({ method: contract.method, url: contract.url(fixtures, state), headers, payload: body as object });
  // A refused request writes nothing: what the route writes reads the same as before.
  if (res.statusCode >= 400) expect(await read(), `${contract.form}: a refused request changed what is stored`).toEqual(before);
  return res;
}

const ruleOf = (name: string, field: TextField): TextRule => {
  const rule = textRule(field.schema);
  if (!rule) throw new Error(`${name}: its schema is not one of core/schemas/text.ts's text fields`);
  return rule;
};

/** A value of exactly `length` characters, mostly accented so characters and bytes differ; unique (names are). */
const textOf = (length: number) => `${unique()}${'ñ'.repeat(length)}`.slice(0, length);

const textFields = (contract: FormContract) => Object.entries(contract.texts) as [string, TextField][];
const required = (contract: FormContract) => (state: unknown) => contract.required(fixtures, state) as Record<string, unknown>;
const full = (contract: FormContract) => (state: unknown) => contract.full(fixtures, state) as Record<string, unknown>;

/** Any refusal is ours: a 4xx with a code and a Spanish message, never a 5xx or Fastify's English. */
function expectClearRefusal(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json() as { code: string; message: string };
  expect(body.code).toMatch(/^[a-z_]+$/);
  expect(body.message).not.toMatch(/expected|invalid input|required/i);
}

describe.each(formContracts.map((c) => [c.form, c] as const))('%s', (_form, contract) => {
  const fields = textFields(contract);

  it('declares its text fields with core/schemas/text.ts (limits and messages come from there)', () => {
    for (const [name, field] of fields) ruleOf(name, field);
  });

  it('(a) accepts the form with only the required fields, every optional one left empty', async () => {
    const res = await send(contract, required(contract));
    expect(res.statusCode, res.body).toBe(contract.ok);
  });

  it('(b) accepts every field at its limit (texts at their maximum length, the largest amounts and quantities)', async () => {
    const res = await send(contract, (state) => {
      const values = { ...full(contract)(state), ...contract.limits?.(fixtures, state) };
      for (const [name, field] of fields) values[name] = textOf(ruleOf(name, field).max);
      return values;
    });
    expect(res.statusCode, res.body).toBe(contract.ok);
  });

  it('(c) accepts every optional field filled', async () => {
    const res = await send(contract, full(contract));
    expect(res.statusCode, res.body).toBe(contract.ok);
  });

  it('an unknown extra field is accepted or refused clearly, never a 5xx', async () => {
    const res = await send(contract, full(contract), (body) => ({ ...(body as object), campo_desconocido: 'x' }));
    if (res.statusCode !== contract.ok) expectClearRefusal(res);
  });

  it.each(fields)('%s one character over its limit is refused with its own message', async (name, field) => {
    const rule = ruleOf(name, field);
    const res = await send(contract, (state) => ({ ...full(contract)(state), [name]: textOf(rule.max + 1) }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: rule.tooLong });
    expect(res.json().issues[0].path).toBe(field.path);
  });

  const optional = fields.filter(([, field]) => textRule(field.schema)?.kind === 'optional');
  it.each(optional.flatMap(([name, field]) => (['absent', '""', 'null', 'spaces'] as const).map((how) => [name, how, field] as const)))(
    'optional %s sent %s is accepted',
    async (_name, how, field) => {
      const value = { absent: undefined, '""': '', null: null, spaces: '   ' }[how];
      const res = await send(contract, required(contract), (body) => withValue(body, field.path, value));
      expect(res.statusCode, res.body).toBe(contract.ok);
    },
  );

  it.each(optional)('optional %s sent as a number reads as its own "no es válido" message', async (name, field) => {
    const res = await send(contract, full(contract), (body) => withValue(body, field.path, 42));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: ruleOf(name, field).invalid });
  });

  const mandatory = fields.filter(([, field]) => textRule(field.schema)?.kind === 'required');
  it.each(mandatory.flatMap(([name, field]) => (['null', 'spaces', 'a number'] as const).map((how) => [name, how, field] as const)))(
    'required %s sent as %s reads as its own "obligatorio" message',
    async (name, how, field) => {
      const value = { null: null, spaces: '   ', 'a number': 42 }[how];
      const res = await send(contract, full(contract), (body) => withValue(body, field.path, value));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: ruleOf(name, field).required });
      expect(res.json().issues[0].path).toBe(field.path);
    },
  );
});

// ── every body the web app sends is a form above or classified ──

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `file call` of every `apiRequest(…, { method: 'POST' | 'PUT' | 'PATCH', … })`, or with a body and no method, in apps/web/src (tests aside). */
async function webWrites(): Promise<string[]> {
  const root = path.join(repoRoot, 'apps/web/src');
  const files = (await readdir(root, { recursive: true })).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('test/'));
  const found: string[] = [];
  for (const file of files) {
    const source = await readFile(path.join(root, file), 'utf8');
    for (const match of source.matchAll(/apiRequest<[^(]*?>\(/g)) {
      // The call's text up to its closing parenthesis.
      let depth = 1;
      let end = match.index + match[0].length;
      while (depth > 0 && end < source.length) {
        const c = source[end++];
        if (c === '(') depth++;
        else if (c === ')') depth--;
      }
      const call = source.slice(match.index + match[0].length, end - 1);
      // A body without a method goes as POST (api-client.ts), so it counts too.
      const writes = /method:\s*'(POST|PUT|PATCH)'/.test(call) || (/\bbody\b/.test(call) && !/method:/.test(call));
      if (!writes) continue;
      const first = call.match(/^\s*(`[^`]*`|'[^']*'|[\w.]+\([^)]*\)|[\w.]+)/)?.[1] ?? call.slice(0, 40);
      found.push(`apps/web/src/${file.split(path.sep).join('/')} ${first}`);
    }
  }
  return [...new Set(found)].sort();
}

describe('the web app', () => {
  it('sends no body that is neither a contract in form-contracts.ts nor classified there', async () => {
    const writes = await webWrites();
    expect(writes.length).toBeGreaterThan(20);
    const known = new Set([...formContracts.map((c) => `${c.web.file} ${c.web.call}`), ...Object.keys(WEB_REQUESTS_WITHOUT_FORM)]);
    expect(writes.filter((w) => !known.has(w)), 'web requests with a body and no entry in test/form-contracts.ts').toEqual([]);
    expect([...known].filter((k) => !writes.includes(k)), 'entries of test/form-contracts.ts the web app no longer sends').toEqual([]);
  });
});
