import { randomInt, randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConsistency } from '../src/db/consistency';
import type { z } from 'zod';
import { stockReservedQuerySchema } from '@mayorista/core/schemas/stock-count';
import {
  adminOrdersFilterSchema,
  movementsPageQuerySchema,
  adminOrdersListQuerySchema,
  adminUsersQuerySchema,
  approvalChangeSchema,
  changeOrderStatusSchema,
  emailOnlySchema,
  MAX_ITEM_QUANTITY,
  ORDER_STATUSES,
  pointsAdjustmentSchema,
  productEnabledSchema,
  productInputSchema,
  productListQuerySchema,
  resetPasswordSchema,
  roleChangeSchema,
  saveCartSchema,
  signInSchema,
  signOutQuerySchema,
  signUpSchema,
  tokenGrantQuerySchema,
  verifyEmailSchema,
  placeOrderSchema,
  cartProductsQuerySchema,
  isCalendarDate,
  messages,
} from '@mayorista/core';
import { insertOrder, insertProduct } from './admin-orders-fixtures';
import { createAdmin, createSuperAdmin, createVerifiedUser, setupTestAppWithOutbox, type TestUser } from './factories';
import { snapshotDatabase } from './route-permissions';

/**
 * The hardening work (permissions, hostile input, races, crashes): hostile input, property-based. Every generated request is one the route must
 * reject (each case is checked against the route's own zod schema as an oracle, so a generator
 * bug cannot sneak a valid request in). Every answer must be a 4xx `{ code, message }`, and
 * the database must be byte-for-byte the same afterwards.
 *
 * Reproduce a failure with the seed printed at the start: FUZZ_SEED=<seed> npx vitest run --project server test/security-fuzz
 * Scale the number of cases with FUZZ_RUNS_SCALE (default 1 → a little over 10,000 cases).
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31 - 1);
const SCALE = Number(process.env.FUZZ_RUNS_SCALE ?? '1');
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
console.info(`[security-fuzz] seed ${SEED} (FUZZ_SEED=${SEED} to reproduce)`);

const ctx = await setupTestAppWithOutbox({ env: { RATE_LIMIT_AUTH_MAX: '1000000', RATE_LIMIT_EMAIL_MAX: '1000000', RATE_LIMIT_ORDERS_MAX: '1000000' } });
let casesRun = 0;

type Who = 'anonymous' | 'customer' | 'admin' | 'superAdmin';
// Created before the endpoint table below, whose generators refer to these ids.
const users: Record<Exclude<Who, 'anonymous'>, TestUser> = {
  customer: await createVerifiedUser(ctx, { saldo_puntos: 100 }),
  admin: await createAdmin(ctx),
  superAdmin: await createSuperAdmin(ctx),
};
const productId = (await insertProduct(ctx.pool, { stock: 10, price: 5_000 })).id;
const orderId = (await insertOrder(ctx.pool, { userId: users.customer.userId, lines: [{ product: { id: productId, name: 'Fuzz', price: 5_000 }, quantity: 1 }] })).id;

afterAll(() => {
  console.info(`[security-fuzz] ${casesRun} generated requests, seed ${SEED}`);
});

const headersOf = (who: Who): Record<string, string> => (who === 'anonymous' ? {} : users[who].headers);

// ── the hostile vocabulary ──

const METACHARACTERS = [
  "' OR '1'='1",
  "'; drop table orders; --",
  '" ; select pg_sleep(10); --',
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '"><svg onload=alert(1)>',
  '\u0000',
  '%00',
  '../../../../etc/passwd',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '\uD800',
  '\u202Eevil',
  '🙂',
  '\\',
  '\r\nSet-Cookie: a=b',
];
const hostileString = fc.oneof(
  fc.constantFrom(...METACHARACTERS),
  fc.string({ unit: 'binary', maxLength: 64 }),
  // Huge strings: up to ~200 KB, under the body limit so they reach validation.
  fc.tuple(fc.constantFrom(...METACHARACTERS, 'a', ' '), fc.integer({ min: 1_000, max: 20_000 })).map(([s, n]) => s.repeat(n).slice(0, 200_000)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.5, 1.000001, -1e308, 1e308, 2 ** 53, 2 ** 53 + 2, Number.MIN_VALUE, MAX_ITEM_QUANTITY + 1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
  ),
}));
/** Keys a client might add hoping the server trusts them. */
const extraFields = fc.dictionary(
  fc.oneof(
    fc.constantFrom('approved', 'is_admin', 'is_super_admin', 'saldo_puntos', 'price', 'total', 'stock', 'user_id', 'id', 'status', 'toString', 'valueOf'),
    fc.string({ maxLength: 12 }),
  ),
  hostileValue,
  { maxKeys: 4 },
);

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array';
const wrongTypeFor = (kind: Kind) =>
  fc.oneof(
    ...(kind !== 'string' ? [hostileString] : []),
    ...(kind !== 'number' ? [hostileNumber] : []),
    ...(kind !== 'boolean' ? [fc.boolean()] : []),
    fc.constant(null),
    ...(kind !== 'array' ? [fc.array(hostileValue, { maxLength: 3 })] : []),
    ...(kind !== 'object' ? [fc.dictionary(fc.string({ maxLength: 6 }), hostileValue, { maxKeys: 3 })] : []),
  );

/** Values of the right type that break a rule: negative, zero, fractional, enormous amounts; over-long text. */
const badQuantity = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noNaN: true, noInteger: true, min: -1e12, max: 1e12 }),
  fc.integer({ min: MAX_ITEM_QUANTITY + 1 }),
  fc.constantFrom(1e308, -1e308, 2 ** 63),
);
const badCentavos = fc.oneof(fc.integer({ max: 0 }), fc.double({ noNaN: true, noInteger: true, min: -1e9, max: 1e9 }), fc.constantFrom(1e11 + 1, 1e308));
const notAnEmail = fc.oneof(hostileString.filter((s) => !s.includes('@')), fc.constant(`${'a'.repeat(250)}@example.com`));
const overLong = (max: number) => fc.integer({ min: max + 1, max: max * 3 }).map((n) => 'x'.repeat(n));

// ── the endpoints ──

interface FieldSpec {
  kind: Kind;
  /** Leaving it out is an error. */
  required: boolean;
  /** Values of the right type that the rules refuse. */
  ruleBreak?: fc.Arbitrary<unknown>;
}

interface JsonEndpoint {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  who: Who;
  /** The route's own body schema: the oracle that a generated body is really invalid. */
  schema: z.ZodType;
  valid: () => Record<string, unknown>;
  fields: Record<string, FieldSpec>;
  numRuns: number;
}

const email = { kind: 'string', required: true, ruleBreak: notAnEmail } as const;
const token = { kind: 'string', required: true, ruleBreak: fc.oneof(fc.constant('   '), overLong(200)) } as const;
const password = { kind: 'string', required: true, ruleBreak: fc.oneof(fc.string({ maxLength: 7 }), overLong(200)) } as const;
const flag = { kind: 'boolean', required: true } as const;

const productFields: Record<string, FieldSpec> = {
  name: { kind: 'string', required: true, ruleBreak: fc.oneof(fc.constant('   '), overLong(200)) },
  price: { kind: 'number', required: true, ruleBreak: badCentavos },
  retail_price: { kind: 'number', required: true, ruleBreak: badCentavos },
  stock: { kind: 'number', required: false, ruleBreak: fc.oneof(fc.integer({ max: -1 }), fc.constant(0.5), fc.constant(100_000_001)) },
  discounts: {
    kind: 'array',
    required: false,
    ruleBreak: fc.oneof(
      fc.constant(Array.from({ length: 21 }, (_, i) => ({ minQuantity: i + 2, discountType: 'fixed', discountValue: 1 }))),
      fc.record({ minQuantity: fc.integer({ max: 1 }), discountType: fc.constant('fixed'), discountValue: fc.constant(1) }).map((t) => [t]),
    ),
  },
  on_sale: { kind: 'boolean', required: false },
  sku: { kind: 'string', required: false, ruleBreak: overLong(64) },
};
const validProduct = () => ({ name: `Fuzz ${randomUUID()}`, price: 10_000, retail_price: 20_000, stock: 5 });

const jsonEndpoints: JsonEndpoint[] = [
  {
    name: 'POST /api/auth/signup',
    method: 'POST',
    url: () => '/api/auth/signup',
    who: 'anonymous',
    schema: signUpSchema,
    valid: () => ({ email: `f-${randomUUID()}@example.com`, password: 'Clave-Fuzz-2026', data: { nombre: 'F', apellido: 'Z', dni: '30111222' } }),
    fields: { email, password, data: { kind: 'object', required: true, ruleBreak: fc.record({ nombre: fc.constant(''), apellido: hostileString, dni: hostileString }) } },
    numRuns: 700,
  },
  { name: 'POST /api/auth/verify', method: 'POST', url: () => '/api/auth/verify', who: 'anonymous', schema: verifyEmailSchema, valid: () => ({ token: 'abc' }), fields: { token }, numRuns: 400 },
  { name: 'POST /api/auth/resend', method: 'POST', url: () => '/api/auth/resend', who: 'anonymous', schema: emailOnlySchema, valid: () => ({ email: 'a@example.com' }), fields: { email }, numRuns: 400 },
  { name: 'POST /api/auth/recover', method: 'POST', url: () => '/api/auth/recover', who: 'anonymous', schema: emailOnlySchema, valid: () => ({ email: 'a@example.com' }), fields: { email }, numRuns: 400 },
  {
    name: 'POST /api/auth/token?grant_type=password',
    method: 'POST',
    url: () => '/api/auth/token?grant_type=password',
    who: 'anonymous',
    schema: signInSchema,
    valid: () => ({ email: 'a@example.com', password: 'x' }),
    fields: { email, password: { kind: 'string', required: true, ruleBreak: overLong(200) } },
    numRuns: 600,
  },
  {
    name: 'POST /api/auth/reset-password',
    method: 'POST',
    url: () => '/api/auth/reset-password',
    who: 'anonymous',
    schema: resetPasswordSchema,
    valid: () => ({ token: 'abc', password: 'Clave-Fuzz-2026' }),
    fields: { token, password },
    numRuns: 500,
  },
  { name: 'POST /api/products', method: 'POST', url: () => '/api/products', who: 'admin', schema: productInputSchema, valid: validProduct, fields: productFields, numRuns: 800 },
  { name: 'PUT /api/products/:id', method: 'PUT', url: () => `/api/products/${productId}`, who: 'admin', schema: productInputSchema, valid: validProduct, fields: productFields, numRuns: 600 },
  {
    name: 'PATCH /api/products/:id/enabled',
    method: 'PATCH',
    url: () => `/api/products/${productId}/enabled`,
    who: 'admin',
    schema: productEnabledSchema,
    valid: () => ({ is_enabled: false }),
    fields: { is_enabled: flag },
    numRuns: 300,
  },
  {
    name: 'PATCH /api/admin/users/:id/approval',
    method: 'PATCH',
    url: () => `/api/admin/users/${users.customer.userId}/approval`,
    who: 'admin',
    schema: approvalChangeSchema,
    valid: () => ({ approved: false }),
    fields: { approved: flag },
    numRuns: 300,
  },
  {
    name: 'POST /api/admin/users/:id/points',
    method: 'POST',
    url: () => `/api/admin/users/${users.customer.userId}/points`,
    who: 'admin',
    schema: pointsAdjustmentSchema,
    valid: () => ({ saldo_puntos: 500, reason: 'Ajuste de prueba' }),
    fields: {
      saldo_puntos: { kind: 'number', required: true, ruleBreak: fc.oneof(fc.integer({ max: -1 }), fc.constant(0.5), fc.constant(1e11 + 1), fc.constant(1e308)) },
      reason: { kind: 'string', required: true, ruleBreak: fc.oneof(fc.constant('  a '), overLong(500)) },
    },
    numRuns: 500,
  },
  {
    name: 'PATCH /api/admin/users/:id/role',
    method: 'PATCH',
    url: () => `/api/admin/users/${users.customer.userId}/role`,
    who: 'superAdmin',
    schema: roleChangeSchema,
    valid: () => ({ is_admin: true }),
    fields: { is_admin: flag },
    numRuns: 300,
  },
  {
    name: 'POST /api/admin/orders/:id/status',
    method: 'POST',
    url: () => `/api/admin/orders/${orderId}/status`,
    who: 'admin',
    schema: changeOrderStatusSchema,
    valid: () => ({ status: 'Confirmado' }),
    fields: { status: { kind: 'string', required: true, ruleBreak: hostileString.filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s)) } },
    numRuns: 400,
  },
  {
    name: 'PUT /api/cart',
    method: 'PUT',
    url: () => '/api/cart',
    who: 'customer',
    schema: saveCartSchema,
    valid: () => ({ cart_data: { [productId]: 1 } }),
    fields: {
      cart_data: {
        kind: 'object',
        required: true,
        ruleBreak: fc.oneof(
          badQuantity.map((q) => ({ [productId]: q })),
          fc.tuple(hostileString, fc.integer({ min: 1, max: 5 })).map(([key, q]) => ({ [key]: q })),
          fc.constant(Object.fromEntries(Array.from({ length: 501 }, () => [randomUUID(), 1]))),
        ),
      },
    },
    numRuns: 800,
  },
  {
    name: 'POST /api/orders',
    method: 'POST',
    url: () => '/api/orders',
    who: 'customer',
    schema: placeOrderSchema,
    valid: () => ({ items: [{ product_id: productId, quantity: 1 }], observaciones: '', canjeado_con_puntos: false, idempotency_key: randomUUID() }),
    fields: {
      items: {
        kind: 'array',
        required: true,
        ruleBreak: fc.oneof(
          badQuantity.map((quantity) => [{ product_id: productId, quantity }]),
          hostileString.map((id) => [{ product_id: id, quantity: 1 }]),
          fc.constant(Array.from({ length: 501 }, () => ({ product_id: productId, quantity: 1 }))),
          fc.record({ product_id: fc.constant(productId), quantity: fc.constant(1), price: hostileNumber, total: hostileNumber }).map((line) => [line]),
        ),
      },
      observaciones: { kind: 'string', required: false, ruleBreak: overLong(2_000) },
      canjeado_con_puntos: { kind: 'boolean', required: false },
      idempotency_key: { kind: 'string', required: false, ruleBreak: fc.oneof(fc.string({ maxLength: 7 }), overLong(100)) },
    },
    numRuns: 1_000,
  },
];

// ── cases ──

type BodyCase =
  | { kind: 'json'; body: unknown; protoPollution: boolean; contentType: string }
  | { kind: 'raw'; payload: Buffer; contentType: string; why: string };

function jsonCases(endpoint: JsonEndpoint): fc.Arbitrary<BodyCase> {
  const fieldNames = Object.keys(endpoint.fields);
  const required = fieldNames.filter((f) => endpoint.fields[f]!.required);
  const withRuleBreaks = fieldNames.filter((f) => endpoint.fields[f]!.ruleBreak);
  const mutated = (mutate: (body: Record<string, unknown>) => void) => (extras: Record<string, unknown>) => {
    // Extras first, then the mutation, so an extra key can never undo what makes the body invalid.
    const body: Record<string, unknown> = { ...endpoint.valid(), ...extras };
    mutate(body);
    return body;
  };
  const bodies: Array<fc.Arbitrary<unknown>> = [
    // Not an object at all.
    fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.array(hostileValue, { maxLength: 5 })),
    // One field of the wrong type.
    fc.constantFrom(...fieldNames).chain((field) =>
      fc.tuple(wrongTypeFor(endpoint.fields[field]!.kind), extraFields).map(([value, extras]) => mutated((b) => (b[field] = value))(extras)),
    ),
  ];
  if (required.length) {
    bodies.push(fc.tuple(fc.constantFrom(...required), extraFields).map(([field, extras]) => mutated((b) => delete b[field])(extras)));
  }
  if (withRuleBreaks.length) {
    bodies.push(
      fc.constantFrom(...withRuleBreaks).chain((field) =>
        fc.tuple(endpoint.fields[field]!.ruleBreak!, extraFields).map(([value, extras]) => mutated((b) => (b[field] = value))(extras)),
      ),
    );
  }
  const json = fc
    .record({ body: fc.oneof(...bodies), protoPollution: fc.boolean(), contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain') })
    .filter(({ body }) => !endpoint.schema.safeParse(body).success)
    .map((c): BodyCase => ({ kind: 'json', ...c }));

  const validText = () => JSON.stringify(endpoint.valid());
  const raw: Array<fc.Arbitrary<BodyCase>> = [
    // Invalid UTF-8 and random bytes.
    fc.uint8Array({ minLength: 1, maxLength: 512 }).map((bytes) => ({ kind: 'raw', payload: Buffer.from(bytes), contentType: 'application/json', why: 'random bytes' })),
    fc.integer({ min: 0, max: 200 }).map((at) => {
      const text = validText();
      const cut = Math.min(at, text.length - 2);
      return { kind: 'raw', payload: Buffer.concat([Buffer.from(text.slice(0, cut)), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(text.slice(cut))]), contentType: 'application/json', why: 'invalid UTF-8' };
    }),
    // Malformed JSON: any strict prefix of an object is not JSON.
    fc.integer({ min: 0, max: 400 }).map((n) => {
      const text = validText();
      return { kind: 'raw', payload: Buffer.from(text.slice(0, n % text.length)), contentType: 'application/json', why: 'truncated JSON' };
    }),
    // Deep nesting in place of a field.
    fc.tuple(fc.constantFrom(...fieldNames), fc.integer({ min: 100, max: 50_000 })).map(([field, depth]) => {
      const text = validText().replace(/}$/, `${text0(validText())}"${field}":${'['.repeat(depth)}${']'.repeat(depth)}}`);
      return { kind: 'raw', payload: Buffer.from(text), contentType: 'application/json', why: `nested ${depth}` };
    }),
    // Oversized JSON: well over the 256 KB body limit.
    fc.integer({ min: 300_000, max: 1_500_000 }).map((size) => ({
      kind: 'raw',
      payload: Buffer.from(JSON.stringify({ ...endpoint.valid(), padding: 'x'.repeat(size) })),
      contentType: 'application/json',
      why: 'oversized',
    })),
    // A body in a format the API does not speak.
    fc.constantFrom('application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream').map((contentType) => ({
      kind: 'raw',
      payload: Buffer.from(validText()),
      contentType,
      why: 'unsupported media type',
    })),
  ];
  return fc.oneof({ arbitrary: json, weight: 4 }, ...raw.map((arbitrary) => ({ arbitrary, weight: 1 })));
}

/** "," when the object text has members already, so a key can be appended before its "}". */
function text0(text: string): string {
  return text === '{}' ? '' : ',';
}

function toInject(endpoint: JsonEndpoint, c: BodyCase): InjectOptions {
  const base = { method: endpoint.method, url: endpoint.url(), headers: { ...headersOf(endpoint.who) } };
  if (c.kind === 'raw') return { ...base, payload: c.payload, headers: { ...base.headers, 'content-type': c.contentType } };
  let text = JSON.stringify(c.body) ?? 'null';
  // `__proto__` as an own key can only be written into the text; JSON.stringify drops it.
  if (c.protoPollution && text.startsWith('{')) text = `{"__proto__":{"is_admin":true,"approved":true},${text.slice(1)}`.replace(',}', '}');
  return { ...base, payload: text, headers: { ...base.headers, 'content-type': c.contentType } };
}

const ENGLISH_INTERNALS = /\b(Expected|Unexpected token|Invalid input|Body|must be|is required|Cannot|undefined|TypeError|SyntaxError|stack)\b/;

async function expectRejected(request: InjectOptions, describeCase: () => string): Promise<void> {
  casesRun += 1;
  const res = await ctx.app.inject(request);
  const why = () => `${describeCase()} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || res.statusCode >= 500) throw new Error(`not a 4xx: ${why()}`);
  let body: { code?: unknown; message?: unknown };
  try {
    body = res.json();
  } catch {
    throw new Error(`not JSON: ${why()}`);
  }
  if (typeof body.code !== 'string' || typeof body.message !== 'string' || body.message.length === 0) throw new Error(`no { code, message }: ${why()}`);
  if (ENGLISH_INTERNALS.test(body.message)) throw new Error(`message leaks English internals: ${why()}`);
}

const describeRequest = (r: InjectOptions) => () => {
  const payload = r.payload;
  const shown = Buffer.isBuffer(payload) ? `<${payload.length} bytes> ${payload.subarray(0, 120).toString('latin1')}` : String(payload).slice(0, 200);
  return `${r.method} ${r.url} [${JSON.stringify(r.headers).slice(0, 200)}] ${shown}`;
};

describe('hostile JSON bodies', () => {
  for (const [index, endpoint] of jsonEndpoints.entries()) {
    it(`${endpoint.name}: ${runs(endpoint.numRuns)} invalid bodies → 4xx { code, message }, database unchanged`, async () => {
      const before = await snapshotDatabase(ctx.pool);
      await fc.assert(
        fc.asyncProperty(jsonCases(endpoint), async (c) => {
          const request = toInject(endpoint, c);
          await expectRejected(request, describeRequest(request));
        }),
        { seed: SEED + index, numRuns: runs(endpoint.numRuns), endOnFailure: true },
      );
      expect(await snapshotDatabase(ctx.pool)).toEqual(before);
    }, 120_000);
  }
});

// ── query strings, path parameters and headers ──

interface QueryEndpoint {
  name: string;
  path: string;
  who: Who;
  schema: z.ZodType;
  keys: string[];
  method?: 'GET' | 'POST';
}

const queryEndpoints: QueryEndpoint[] = [
  { name: 'GET /api/products', path: '/api/products', who: 'anonymous', schema: productListQuerySchema, keys: ['search', 'category', 'on_sale', 'in_stock', 'include_disabled', 'page', 'page_size'] },
  { name: 'GET /api/admin/users', path: '/api/admin/users', who: 'admin', schema: adminUsersQuerySchema, keys: ['search', 'status', 'page', 'page_size'] },
  { name: 'GET /api/admin/orders', path: '/api/admin/orders', who: 'admin', schema: adminOrdersListQuerySchema, keys: ['status', 'customer', 'from', 'to', 'page', 'page_size'] },
  { name: 'GET /api/admin/orders/export.csv', path: '/api/admin/orders/export.csv', who: 'admin', schema: adminOrdersFilterSchema, keys: ['status', 'customer', 'from', 'to'] },
  { name: 'GET /api/admin/products/:id/stock-movements', path: `/api/admin/products/${productId}/stock-movements`, who: 'admin', schema: movementsPageQuerySchema, keys: ['page', 'page_size'] },
  { name: 'GET /api/admin/users/:id/points-movements', path: `/api/admin/users/${users.customer.userId}/points-movements`, who: 'admin', schema: movementsPageQuerySchema, keys: ['page', 'page_size'] },
  { name: 'GET /api/cart/products', path: '/api/cart/products', who: 'customer', schema: cartProductsQuerySchema, keys: ['ids'] },
  { name: 'POST /api/auth/token', path: '/api/auth/token', who: 'anonymous', schema: tokenGrantQuerySchema, keys: ['grant_type'], method: 'POST' },
  { name: 'POST /api/auth/logout', path: '/api/auth/logout', who: 'customer', schema: signOutQuerySchema, keys: ['scope'], method: 'POST' },
  // Last, so the endpoints above keep their seeds.
  { name: 'GET /api/admin/stock-counts/reserved', path: '/api/admin/stock-counts/reserved', who: 'admin', schema: stockReservedQuerySchema, keys: ['ids'] },
];

/**
 * The abuse-limits work (decision 010): days that do not exist but look like dates. `Date.parse` rolls them over, so
 * they used to pass validation and fail in PostgreSQL with a 500.
 */
const impossibleDate = fc.oneof(
  fc.constantFrom('2026-02-31', '2025-02-29', '1900-02-29', '0000-01-01', '2026-04-31', '2026-06-31', '2026-00-01', '2026-01-00'),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => [y, m, d].map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-'))
    .filter((text) => !isCalendarDate(text)),
);

/** encodeURIComponent, except that a lone surrogate becomes the raw bytes of invalid UTF-8 (%ED%A0%80), itself a hostile case. */
function encodeHostile(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const queryValue = fc.oneof(
  hostileString.map((s) => s.slice(0, 3_000)),
  fc.constantFrom('-1', '0', '1.5', '1e999', 'NaN', 'Infinity', '99999999999', 'true', 'maybe', '2024-13-45', '2024-02-30', 'null', '[]', '{}'),
  impossibleDate,
);

describe('hostile query strings', () => {
  for (const [index, endpoint] of queryEndpoints.entries()) {
    const numRuns = runs(220);
    it(`${endpoint.name}: ${numRuns} invalid query strings → 4xx`, async () => {
      const before = await snapshotDatabase(ctx.pool);
      const query = fc
        .array(fc.tuple(fc.constantFrom(...endpoint.keys, '__proto__', 'constructor[prototype]', 'a[b][c]'), queryValue), { minLength: 1, maxLength: 6 })
        .map((pairs) => pairs.map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(v)}`).join('&'))
        .filter((qs) => !endpoint.schema.safeParse(parseQueryString(qs)).success);
      await fc.assert(
        fc.asyncProperty(query, async (qs) => {
          const request: InjectOptions = { method: endpoint.method ?? 'GET', url: `${endpoint.path}?${qs}`, headers: headersOf(endpoint.who) };
          await expectRejected(request, describeRequest(request));
        }),
        { seed: SEED + 100 + index, numRuns, endOnFailure: true },
      );
      expect(await snapshotDatabase(ctx.pool)).toEqual(before);
    }, 120_000);
  }
});

/**
 * The cases above are all invalid, so they stop at validation. These pass it: hostile text in the
 * free-text parameters reaches the database, and must still never answer 5xx (a NUL did).
 */
describe('hostile text that passes validation', () => {
  const textParameters: { endpoint: string; key: string; max: number }[] = [
    { endpoint: 'GET /api/products', key: 'search', max: 200 },
    { endpoint: 'GET /api/products', key: 'category', max: 80 },
    { endpoint: 'GET /api/admin/users', key: 'search', max: 100 },
    { endpoint: 'GET /api/admin/orders', key: 'customer', max: 100 },
    { endpoint: 'GET /api/admin/orders/export.csv', key: 'customer', max: 100 },
  ];
  for (const [index, { endpoint: name, key, max }] of textParameters.entries()) {
    const endpoint = queryEndpoints.find((e) => e.name === name)!;
    const numRuns = runs(150);
    it(`${name} ?${key}=: ${numRuns} schema-valid hostile values → never 5xx`, async () => {
      const value = fc.oneof(fc.constantFrom(...METACHARACTERS), fc.string({ unit: 'binary', maxLength: 64 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
      const query = value
        .map((v) => `${key}=${encodeHostile(v.slice(0, max))}`)
        .filter((qs) => endpoint.schema.safeParse(parseQueryString(qs)).success);
      await fc.assert(
        fc.asyncProperty(query, async (qs) => {
          casesRun += 1;
          const res = await ctx.app.inject({ method: 'GET', url: `${endpoint.path}?${qs}`, headers: headersOf(endpoint.who) });
          if (res.statusCode >= 500) throw new Error(`5xx: GET ${endpoint.path}?${qs} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }),
        { seed: SEED + 150 + index, numRuns, endOnFailure: true },
      );
    }, 120_000);
  }
});

describe('hostile path parameters', () => {
  const paramRoutes: Array<{ method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST'; path: (id: string) => string; who: Who; payload?: object }> = [
    { method: 'GET', path: (id) => `/api/orders/${id}`, who: 'customer' },
    { method: 'GET', path: (id) => `/api/orders/${id}/pdf`, who: 'customer' },
    { method: 'GET', path: (id) => `/api/profiles/${id}`, who: 'customer' },
    { method: 'GET', path: (id) => `/api/admin/orders/${id}`, who: 'admin' },
    { method: 'DELETE', path: (id) => `/api/products/${id}`, who: 'admin' },
    { method: 'PATCH', path: (id) => `/api/admin/users/${id}/approval`, who: 'admin', payload: { approved: true } },
    { method: 'GET', path: (id) => `/uploads/${id}`, who: 'anonymous' },
  ];
  const ids = fc.oneof(
    hostileString.map((s) => encodeHostile(s.slice(0, 400))),
    fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', '00000000-0000-0000-0000-000000000000', `${randomUUID()}.webp`, 'null', '%00', '1 OR 1=1'),
  );
  for (const [index, route] of paramRoutes.entries()) {
    const numRuns = runs(150);
    it(`${route.method} ${route.path(':id')}: ${numRuns} hostile ids → 4xx`, async () => {
      const before = await snapshotDatabase(ctx.pool);
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          const request: InjectOptions = { method: route.method, url: route.path(id), headers: headersOf(route.who), ...(route.payload ? { payload: route.payload } : {}) };
          await expectRejected(request, describeRequest(request));
        }),
        { seed: SEED + 200 + index, numRuns, endOnFailure: true },
      );
      expect(await snapshotDatabase(ctx.pool)).toEqual(before);
    }, 120_000);
  }
});

describe('hostile headers', () => {
  const numRuns = runs(400);
  it(`${numRuns} forged or malformed Authorization headers on writes → 401, database unchanged`, async () => {
    const before = await snapshotDatabase(ctx.pool);
    const [, payload] = users.customer.session.access_token.split('.');
    const authorization = fc.oneof(
      fc.string({ maxLength: 300 }).map((s) => `Bearer ${s}`),
      fc.string({ maxLength: 100 }),
      fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer eyJhbGciOiJub25lIn0.${payload}.`,
        `Bearer ${users.customer.session.access_token.slice(0, -3)}abc`,
        `Bearer ${'a'.repeat(8_000)}`,
      ),
    ).filter((h) => /^[\t\x20-\x7e]*$/.test(h));
    const target = fc.constantFrom(
      { method: 'PUT' as const, url: '/api/cart', payload: { cart_data: {} } },
      { method: 'POST' as const, url: '/api/orders', payload: { items: [{ product_id: randomUUID(), quantity: 1 }] } },
      { method: 'POST' as const, url: '/api/products', payload: validProduct() },
      { method: 'PATCH' as const, url: `/api/admin/users/${randomUUID()}/approval`, payload: { approved: true } },
    );
    await fc.assert(
      fc.asyncProperty(authorization, target, fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1', 'evil'), async (auth, t, forwardedFor) => {
        const request: InjectOptions = { ...t, headers: { authorization: auth, 'x-forwarded-for': forwardedFor } };
        casesRun += 1;
        const res = await ctx.app.inject(request);
        if (res.statusCode !== 401) throw new Error(`expected 401: ${describeRequest(request)()} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }),
      { seed: SEED + 300, numRuns, endOnFailure: true },
    );
    expect(await snapshotDatabase(ctx.pool)).toEqual(before);
  }, 120_000);
});

describe('impossible dates (the abuse-limits work, decision 010)', () => {
  const numRuns = runs(200);
  it(`${numRuns} impossible from/to dates on the order list and the CSV export → 400 invalidDate, never 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(impossibleDate, fc.constantFrom('from', 'to'), fc.constantFrom('/api/admin/orders', '/api/admin/orders/export.csv'), async (date, key, path) => {
        casesRun += 1;
        const res = await ctx.app.inject({ method: 'GET', url: `${path}?${key}=${date}`, headers: headersOf('admin') });
        if (res.statusCode !== 400) throw new Error(`${path}?${key}=${date} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        expect(res.json()).toMatchObject({ code: 'validation_failed', message: messages.adminOrders.invalidDate });
      }),
      { seed: SEED + 400, numRuns, endOnFailure: true },
    );
  });
});

describe('mixed-case and percent-encoded ids (the abuse-limits work, decision 010)', () => {
  /** The same UUID with each letter's case flipped at random, or some characters percent-encoded. */
  const variantOf = (id: string) =>
    fc.array(fc.integer({ min: 0, max: 2 }), { minLength: id.length, maxLength: id.length }).map((choices) => {
      const text = [...id].map((ch, i) => (choices[i] === 1 ? ch.toUpperCase() : choices[i] === 2 ? `%${ch.charCodeAt(0).toString(16).toUpperCase()}` : ch)).join('');
      return text === id ? id.toUpperCase() : text;
    });
  const numRuns = runs(150);

  it(`${numRuns} spellings of another customer's order id never reveal it (404, never 5xx)`, async () => {
    const stranger = await createVerifiedUser(ctx);
    await fc.assert(
      fc.asyncProperty(variantOf(orderId), fc.constantFrom('', '/pdf'), async (id, suffix) => {
        casesRun += 1;
        const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}${suffix}`, headers: stranger.headers });
        if (res.statusCode !== 404 && res.statusCode !== 400) throw new Error(`/api/orders/${id}${suffix} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        expect(res.body).not.toContain(orderId);
      }),
      { seed: SEED + 500, numRuns, endOnFailure: true },
    );
  });

  it(`${numRuns} spellings of the admin's target ids answer as the canonical id does or 4xx, never 5xx`, async () => {
    const before = await snapshotDatabase(ctx.pool);
    await fc.assert(
      fc.asyncProperty(variantOf(orderId), variantOf(users.customer.userId), variantOf(productId), async (order, user, product) => {
        for (const url of [`/api/admin/orders/${order}`, `/api/admin/users/${user}/points-history`, `/api/profiles/${user}`, `/api/cart/products?ids=${product}`]) {
          casesRun += 1;
          const res = await ctx.app.inject({ method: 'GET', url, headers: headersOf(url.startsWith('/api/admin') ? 'admin' : 'superAdmin') });
          if (res.statusCode >= 500) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }),
      { seed: SEED + 501, numRuns, endOnFailure: true },
    );
    expect(await snapshotDatabase(ctx.pool)).toEqual(before);
  });
});

describe('malformed URLs (the abuse-limits work, decision 010)', () => {
  const numRuns = runs(200);
  it(`${numRuns} paths with broken percent-encoding → 400/414 { code, message } in Spanish with the security headers`, async () => {
    const broken = fc.oneof(
      fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80%', '%G1', '%0'),
      fc.tuple(fc.constantFrom('', ...'0123456789abcdefABCDEF'), fc.constantFrom('', 'g', 'Z', '%')).map(([h, x]) => `%${h}${x}`),
    );
    const prefix = fc.constantFrom('/', '/api/', '/api/orders/', '/api/admin/orders/', '/api/products/', '/uploads/', '/realtime/', '/catalog/');
    await fc.assert(
      fc.asyncProperty(prefix, fc.string({ maxLength: 20 }).map(encodeURIComponent), broken, async (start, middle, bad) => {
        const url = `${start}${middle}${bad}`;
        casesRun += 1;
        const res = await ctx.app.inject({ method: 'GET', url });
        if (res.statusCode >= 500 || res.statusCode < 400) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        const body = res.json<{ code: unknown; message: unknown }>();
        if (typeof body.code !== 'string' || typeof body.message !== 'string' || ENGLISH_INTERNALS.test(body.message)) {
          throw new Error(`${url} → ${res.body.slice(0, 200)}`);
        }
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      }),
      { seed: SEED + 600, numRuns, endOnFailure: true },
    );
  });
});

describe('volume', () => {
  it('ran at least 10,000 generated requests (at the default scale)', () => {
    if (SCALE >= 1) expect(casesRun).toBeGreaterThanOrEqual(10_000);
  });
});

describe('consistency (npm run db:check)', () => {
  it('holds at the end: every cached stock and balance equals its ledger, every total its lines', async () => {
    const report = await checkConsistency(ctx.pool);
    expect(report.violations).toEqual([]);
    expect(report.products).toBeGreaterThan(0);
    expect(report.orders).toBeGreaterThan(0);
  });
});
