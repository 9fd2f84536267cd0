import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeNull();
    expect(c.seedDemo).toBe(true);
    expect(c.admin).toBeNull();
  });

  it('derives APP_URL from PORT and trims a trailing slash when given', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://pedidos.example.com/' }).appUrl).toBe('https://pedidos.example.com');
  });

  it('never seeds demo data into a DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/x', SEED_DEMO: '1' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('lists every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', WHATSAPP_PHONE: '+54 11', ADMIN_PASSWORD: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/WHATSAPP_PHONE/);
    expect(problems).toMatch(/ADMIN_PASSWORD/);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'Admin@B.co', ADMIN_PASSWORD: '12345678' }).admin).toEqual({
      email: 'admin@b.co',
      password: '12345678',
    });
  });

  it('TRUST_PROXY: off, a hop count, or a list of proxy addresses; never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'loopback']);
    for (const bad of ['11', 'all', '10.0.0.0/33', '1.2.3', '10.0.0.1,evil', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
