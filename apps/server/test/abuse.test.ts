import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core';
import { PRODUCT_IMAGE_MAX_BYTES } from '@mayorista/core/schemas/product';
import { buildApp } from '../src/app';
import { createDatabase, createPool } from '../src/db/client';
import { MAX_SOCKETS_PER_USER } from '../src/routes/realtime.routes';
import { insertProduct, openRealtimeSocket, productStock } from './admin-orders-fixtures';
import { createAdmin, createVerifiedUser } from './factories';
import { createTestDatabase, setupTestApp, testConfig } from './helpers';
import { insertEmailToken } from '../src/modules/accounts/accounts.repository';
import { generateOpaqueToken, hashOpaqueToken } from '../src/modules/accounts/secure-tokens';
import { FAILURES_BEFORE_LOCK, MAX_LOCK_SECONDS } from '../src/modules/accounts/sign-in-throttle';

/**
 * The hardening work (permissions, hostile input, races, crashes): abuse limits, each shown at its edge with the Spanish answer the client gets.
 * Small limits come from the environment (RATE_LIMIT_*), so the suite stays fast.
 */
const AUTH_MAX = 5;
const EMAIL_MAX = 3;
const ORDERS_MAX = 4;
const ctx = await setupTestApp({
  env: { RATE_LIMIT_AUTH_MAX: String(AUTH_MAX), RATE_LIMIT_EMAIL_MAX: String(EMAIL_MAX), RATE_LIMIT_ORDERS_MAX: String(ORDERS_MAX) },
});

describe('rate limits', () => {
  it(`sign-in: ${AUTH_MAX} attempts per window, then 429 rate_limited in Spanish with Retry-After`, async () => {
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: 'nadie@example.com', password: 'incorrecta-123' } });
    for (let i = 0; i < AUTH_MAX; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: messages.errors.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The budget is per client address: another address is not punished for this one.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      remoteAddress: '10.9.8.7',
      payload: { email: 'nadie@example.com', password: 'incorrecta-123' },
    });
    expect(other.statusCode).toBe(400);
  });

  it(`e-mail sending routes: ${EMAIL_MAX} per hour, then 429`, async () => {
    const resend = () => ctx.app.inject({ method: 'POST', url: '/api/auth/recover', remoteAddress: '10.1.1.1', payload: { email: 'alguien@example.com' } });
    for (let i = 0; i < EMAIL_MAX; i++) expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: messages.errors.rateLimited });
  });

  it(`order creation: ${ORDERS_MAX} per minute per customer, then 429 with nothing written; other customers unaffected`, async () => {
    const product = await insertProduct(ctx.pool, { stock: 100 });
    const buyer = await createVerifiedUser(ctx);
    const place = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/orders', headers, payload: { items: [{ product_id: product.id, quantity: 1 }] } });
    for (let i = 0; i < ORDERS_MAX; i++) expect((await place(buyer.headers)).statusCode).toBe(201);
    const limited = await place(buyer.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: messages.errors.rateLimited });
    const { rows } = await ctx.pool.query('select count(*)::int as n from orders where user_id = $1', [buyer.userId]);
    expect(rows[0].n).toBe(ORDERS_MAX);
    // Same address, another customer: the budget is per customer.
    const other = await createVerifiedUser(ctx);
    expect((await place(other.headers)).statusCode).toBe(201);
  });
});

describe('size limits', () => {
  it('a JSON body over 256 KB answers 413 body_too_large before reaching the route', async () => {
    const customer = await createVerifiedUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ items: [], observaciones: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'body_too_large', message: messages.errors.bodyTooLarge });
    const { rows } = await ctx.pool.query(`select 1 from orders where user_id = $1`, [customer.userId]);
    expect(rows).toHaveLength(0);
  });

  it('a product image over 5 MB answers 413 image_too_large and the product keeps no image', async () => {
    const admin = await createAdmin(ctx);
    const product = await insertProduct(ctx.pool);
    // Incompressible noise as a valid PNG, a bit over the limit.
    const side = Math.ceil(Math.sqrt((PRODUCT_IMAGE_MAX_BYTES * 1.2) / 3));
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(PRODUCT_IMAGE_MAX_BYTES);
    const boundary = `----abuse${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/image`,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'image_too_large', message: messages.products.imageTooLarge(PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)) });
    const { rows } = await ctx.pool.query<{ image_path: string | null }>(`select image_path from products where id = $1`, [product.id]);
    expect(rows[0]!.image_path).toBeNull();
  });
});

describe('request timeout (slow clients)', () => {
  const TIMEOUT_MS = 600;
  let app: FastifyInstance;
  let port: number;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const pool = createPool(database.url, 2);
    const config = testConfig();
    app = await buildApp({
      config,
      pool,
      db: createDatabase(pool),
      jwtSecret: new TextEncoder().encode(config.jwtSecret!),
      webDistDir: null,
      logger: false,
      requestTimeoutMs: TIMEOUT_MS,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
    cleanup = async () => {
      await app.close();
      await pool.end();
      await database.drop();
    };
  });
  afterAll(() => cleanup());

  /** Sends `text` and never finishes the request; resolves with everything the server sent back. */
  const sendAndStall = (text: string) =>
    new Promise<{ answer: string; elapsedMs: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve({ answer, elapsedMs: Date.now() - started }));
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
      setTimeout(() => socket.destroy(new Error('the server never timed the request out')), 10_000);
    });

  const expectTimeoutAnswer = ({ answer, elapsedMs }: { answer: string; elapsedMs: number }) => {
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ code: 'request_timeout', message: messages.errors.timeout });
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS * 3);
  };

  it('a body that never finishes arriving is cut off with 408 request_timeout in Spanish', async () => {
    expectTimeoutAnswer(
      await sendAndStall('POST /api/auth/recover HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":'),
    );
  });

  it('headers sent one byte at a time (slow loris) are cut off the same way', async () => {
    expectTimeoutAnswer(await sendAndStall('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: a'));
  });
});

describe('WebSocket connections per user', () => {
  it(`an admin can hold ${MAX_SOCKETS_PER_USER} joined sockets; the next join is refused in Spanish and closed`, async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/realtime`;
    const admin = await createAdmin(ctx);
    const sockets = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      const socket = await openRealtimeSocket(url);
      expect((await socket.join(admin.session.access_token)).payload.status).toBe('ok');
      sockets.push(socket);
    }
    const extra = await openRealtimeSocket(url);
    const reply = await extra.join(admin.session.access_token);
    expect(reply.payload.status).toBe('error');
    expect(reply.payload.response?.reason).toBe(messages.realtime.tooManyConnections(MAX_SOCKETS_PER_USER));
    expect(await extra.waitForClose()).toBe(1008);

    // Another admin is not affected, and closing one socket frees a place.
    const otherAdmin = await createAdmin(ctx);
    const other = await openRealtimeSocket(url);
    expect((await other.join(otherAdmin.session.access_token)).payload.status).toBe('ok');
    sockets[0]!.close();
    await sockets[0]!.waitForClose();
    const again = await openRealtimeSocket(url);
    let status: string | undefined;
    // The server drops the closed socket on its 'close' event; give it a moment.
    for (let i = 0; i < 20 && status !== 'ok'; i++) {
      status = (await again.join(admin.session.access_token)).payload.status;
      if (status !== 'ok') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('ok');
    for (const socket of [...sockets.slice(1), other, again]) socket.close();
  });
});

describe('idempotency key reused with another body (the abuse-limits work, decision 010)', () => {
  const place = (headers: Record<string, string>, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body });

  it('another body with the same key → 422 idempotency_key_reused in Spanish, nothing written', async () => {
    const buyer = await createVerifiedUser(ctx);
    const product = await insertProduct(ctx.pool, { stock: 50 });
    const key = randomUUID();
    const first = await place(buyer.headers, { items: [{ product_id: product.id, quantity: 2 }], idempotency_key: key });
    expect(first.statusCode).toBe(201);
    for (const changed of [
      { items: [{ product_id: product.id, quantity: 3 }], idempotency_key: key },
      { items: [{ product_id: product.id, quantity: 2 }], observaciones: 'otra cosa', idempotency_key: key },
    ]) {
      const reused = await place(buyer.headers, changed);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ code: 'idempotency_key_reused', message: messages.security.idempotencyKeyReused });
    }
    const { rows } = await ctx.pool.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [buyer.userId]);
    expect(rows[0]!.n).toBe(1);
    expect(await productStock(ctx.pool, product.id)).toBe(48);
  });

  it('the same body (lines in another order, ids in upper case) → 200 with the same order', async () => {
    const buyer = await createVerifiedUser(ctx);
    const [a, b] = [await insertProduct(ctx.pool, { stock: 50 }), await insertProduct(ctx.pool, { stock: 50 })];
    const key = randomUUID();
    const lines = [
      { product_id: a.id, quantity: 1 },
      { product_id: b.id, quantity: 4 },
    ];
    const first = await place(buyer.headers, { items: lines, observaciones: 'Entregar a la mañana', idempotency_key: key });
    const retry = await place(buyer.headers, {
      items: [...lines].reverse().map((l) => ({ ...l, product_id: l.product_id.toUpperCase() })),
      observaciones: 'Entregar a la mañana',
      idempotency_key: key,
    });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    expect(retry.json().order.id).toBe(first.json().order.id);
  });

  it('different bodies racing with one key: exactly one order, every other answer 200 (same body) or 422', async () => {
    const buyer = await createVerifiedUser(ctx);
    const product = await insertProduct(ctx.pool, { stock: 100 });
    const key = randomUUID();
    const results = await Promise.all(
      [1, 2, 1, 2].map((quantity) => place(buyer.headers, { items: [{ product_id: product.id, quantity }], idempotency_key: key })),
    );
    const created = results.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    const winner = created[0]!.json().order;
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      if (r.statusCode === 200) expect(r.json().order.id).toBe(winner.id);
      else expect(r.json()).toMatchObject({ code: 'idempotency_key_reused' });
    }
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(2);
  });
});

/** One app per way of naming the proxy: a hop count, its address, its network. */
const proxiedApps = Object.fromEntries(
  await Promise.all(
    ['1', '10.0.0.2', '10.0.0.0/8'].map(async (trust) => [trust, await setupTestApp({ env: { TRUST_PROXY: trust, RATE_LIMIT_AUTH_MAX: String(AUTH_MAX) } })] as const),
  ),
);

describe('behind a trusted proxy (the abuse-limits work, decision 010)', () => {
  // The proxy at 10.0.0.2 appends the address it saw (the real client, 198.51.100.7) to whatever
  // X-Forwarded-For the client sent; the client rotates its own part on every request.
  const PROXY = '10.0.0.2';
  const CLIENT = '198.51.100.7';
  const spoofed = (i: number) => `${i % 250}.${(i * 7) % 250}.1.1, 172.16.${i % 250}.9`;

  for (const [trust, proxied] of Object.entries(proxiedApps)) {
    it(`TRUST_PROXY=${trust}: rotating spoofed X-Forwarded-For values share the real client's sign-in limit`, async () => {
      const attempt = (i: number, client = CLIENT) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/token?grant_type=password',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': `${spoofed(i)}, ${client}` },
          payload: { email: `victima-${i}@example.com`, password: 'incorrecta-123' },
        });
      for (let i = 0; i < AUTH_MAX; i++) expect((await attempt(i)).statusCode).toBe(400);
      for (let i = AUTH_MAX; i < AUTH_MAX + 20; i++) {
        const limited = await attempt(i);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ code: 'rate_limited', message: messages.errors.rateLimited });
      }
      // Another real client behind the same proxy has its own budget.
      expect((await attempt(0, '198.51.100.8')).statusCode).toBe(400);
    });
  }
});

describe('per-account sign-in throttle (the abuse-limits work, decision 010)', () => {
  /** Each attempt from its own address: the per-IP limit never trips, only the account's. */
  let ip = 0;
  const signIn = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      remoteAddress: `192.0.2.${(ip++ % 250) + 1}`,
      payload: { email, password },
    });
  const failUntilLocked = async (email: string) => {
    for (let i = 1; i < FAILURES_BEFORE_LOCK; i++) expect((await signIn(email, 'incorrecta-123')).statusCode).toBe(400);
    const locking = await signIn(email, 'incorrecta-123');
    expect(locking.statusCode).toBe(429);
    return locking;
  };
  const expireLock = (email: string) => ctx.pool.query(`update sign_in_throttles set locked_until = now() - interval '1 second' where email = $1`, [email]);

  it(`${FAILURES_BEFORE_LOCK} wrong passwords from as many addresses lock the account, even for the right password, in Spanish`, async () => {
    const user = await createVerifiedUser(ctx);
    const locking = await failUntilLocked(user.email);
    expect(locking.json()).toMatchObject({ code: 'account_locked', message: messages.security.accountLocked(1) });
    const locked = await signIn(user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'account_locked' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another account is not affected.
    const other = await createVerifiedUser(ctx);
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
  });

  it('an address with no account locks the same way, so the lock reveals nobody', async () => {
    const locking = await failUntilLocked('nadie-registrado@example.com');
    expect(locking.json()).toMatchObject({ code: 'account_locked', message: messages.security.accountLocked(1) });
  });

  it('attempts during the lock are not counted; once it ends the right password signs in and clears the count', async () => {
    const user = await createVerifiedUser(ctx);
    await failUntilLocked(user.email);
    for (let i = 0; i < 30; i++) expect((await signIn(user.email, 'incorrecta-123')).statusCode).toBe(429);
    const { rows } = await ctx.pool.query<{ failures: number; lockouts: number }>('select failures, lockouts from sign_in_throttles where email = $1', [user.email]);
    expect(rows[0]).toEqual({ failures: 0, lockouts: 1 });
    await expireLock(user.email);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    const after = await ctx.pool.query('select 1 from sign_in_throttles where email = $1', [user.email]);
    expect(after.rows).toHaveLength(0);
  });

  it('wrong passwords arriving all at once count exactly: one lock, never a 5xx', async () => {
    const user = await createVerifiedUser(ctx);
    const answers = await Promise.all(Array.from({ length: FAILURES_BEFORE_LOCK * 2 }, () => signIn(user.email, 'incorrecta-123')));
    expect(answers.every((a) => a.statusCode === 400 || a.statusCode === 429)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 400).length).toBeLessThanOrEqual(FAILURES_BEFORE_LOCK - 1);
    const { rows } = await ctx.pool.query<{ lockouts: number }>('select lockouts from sign_in_throttles where email = $1', [user.email]);
    expect(rows[0]!.lockouts).toBe(1);
  });

  it(`repeated locks grow but never past ${MAX_LOCK_SECONDS / 60} minutes`, async () => {
    const user = await createVerifiedUser(ctx);
    await failUntilLocked(user.email);
    await ctx.pool.query('update sign_in_throttles set lockouts = 50 where email = $1', [user.email]);
    await expireLock(user.email);
    const locking = await failUntilLocked(user.email);
    expect(locking.json()).toMatchObject({ message: messages.security.accountLocked(MAX_LOCK_SECONDS / 60) });
    const { rows } = await ctx.pool.query<{ seconds: number }>(
      'select extract(epoch from locked_until - now())::int as seconds from sign_in_throttles where email = $1',
      [user.email],
    );
    expect(rows[0]!.seconds).toBeLessThanOrEqual(MAX_LOCK_SECONDS);
  });

  it('the owner of a locked account gets in through the e-mailed reset link, which clears the lock', async () => {
    const user = await createVerifiedUser(ctx);
    await failUntilLocked(user.email);
    const token = generateOpaqueToken();
    await ctx.db.transaction((tx) => insertEmailToken(tx, { userId: user.userId, purpose: 'recover_password', tokenHash: hashOpaqueToken(token), ttlSeconds: 3600 }));
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '192.0.2.251',
      payload: { token, password: 'Una-Clave-Nueva-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toHaveProperty('access_token');
    expect((await signIn(user.email, 'Una-Clave-Nueva-2026')).statusCode).toBe(200);
  });
});
