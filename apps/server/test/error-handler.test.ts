import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '@mayorista/core';
import { buildApp } from '../src/app';
import { createDatabase, createPool } from '../src/db/client';
import { AppError } from '../src/lib/errors';
import { createTestDatabase, testConfig } from './helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  const pool = createPool(database.url, 2);
  const config = testConfig();
  app = await buildApp({ config, pool, db: createDatabase(pool), jwtSecret: new Uint8Array(32), webDistDir: null, logger: false });
  // Routes that exist only to exercise the shared error handler.
  app.post(
    '/api/test/echo',
    { config: { access: 'public' }, schema: { body: z.strictObject({ quantity: z.number().int().min(1) }) } },
    async (req) => req.body,
  );
  app.get('/api/test/app-error', { config: { access: 'public' } }, async () => {
    throw new AppError('insufficient_stock', 'No hay suficiente stock para Yerba');
  });
  app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail');
  });
  app.get('/api/test/deadlock', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  app.get('/api/test/db-down', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  await app.ready();
  cleanup = async () => {
    await app.close();
    await pool.end();
    await database.drop();
  };
});
afterAll(() => cleanup());

describe('the one error handler', () => {
  it('turns malformed JSON into 400 malformed_json', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"quantity":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'malformed_json', message: 'El cuerpo de la solicitud no es un JSON válido.' });
  });

  it('turns schema violations into 400 validation_failed with a Spanish message and the path', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { quantity: 0 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.issues[0].path).toBe('quantity');
    expect(body.message).toMatch(/[Dd]emasiado pequeño|mayor|>=/);
  });

  it('refuses unknown fields (strict bodies)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { quantity: 1, is_admin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ quantity: 1, pad: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('body_too_large');
  });

  it('refuses unsupported content types with 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('passes AppError code, status and Spanish message through', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'insufficient_stock', message: 'No hay suficiente stock para Yerba' });
  });

  it('hides internals of unexpected errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json().code).toBe('internal_error');
  });

  it('answers 503 when the database is unreachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('database_unavailable');
  });

  // The abuse-limits work (decision 010): the router's own errors used to answer in English, without our headers.
  it.each(['/%', '/api/%zz', '/api/orders/%E0%A4%A', '/%C0%AF'])('GET %s → 400 bad_url in Spanish with the security headers', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_url', message: messages.errors.badUrl });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a path parameter over the length limit → 414 in Spanish with the security headers', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/orders/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'uri_too_long', message: messages.errors.badUrl });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers a transaction PostgreSQL rolled back for a concurrent one (deadlock) with 409, never 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/deadlock' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'concurrent_change', message: messages.errors.concurrentChange });
  });
});
