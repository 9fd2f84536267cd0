import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const secret = new TextEncoder().encode('a'.repeat(40));
const otherSecret = new TextEncoder().encode('b'.repeat(40));
const claims = { sub: '6f1c2b7e-9a4d-4c1e-8b2a-1d2e3f4a5b6c', sid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', email: 'ana@example.com' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies its own tokens, also when asked again (cached)', async () => {
    const { token } = await signAccessToken(claims, secret);
    expect(await verifyAccessToken(token, secret)).toEqual(claims);
    expect(await verifyAccessToken(token, secret)).toEqual(claims);
  });

  it('never accepts a token verified under one key when another key asks', async () => {
    const { token } = await signAccessToken(claims, secret);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    expect(await verifyAccessToken(token, otherSecret)).toBeNull();
  });

  it('stops accepting a cached token once it expires', async () => {
    const { token } = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });

  it('refuses other algorithms, issuers and audiences, and tampered tokens', async () => {
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, exp: 9e9 })).toString('base64url')}.`;
    expect(await verifyAccessToken(none, secret)).toBeNull();
    const wrongIssuer = await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuer('otro').setAudience('authenticated').setIssuedAt().setExpirationTime('1h').sign(secret);
    expect(await verifyAccessToken(wrongIssuer, secret)).toBeNull();
    const { token } = await signAccessToken(claims, secret);
    // Change a character in the middle of the signature: the last base64url character of a
    // 32-byte HMAC carries padding bits, so changing only it may leave the signature intact.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const i = Math.floor(signature.length / 2);
    const tampered = `${header}.${payload}.${signature.slice(0, i)}${signature[i] === 'A' ? 'B' : 'A'}${signature.slice(i + 1)}`;
    expect(await verifyAccessToken(tampered, secret)).toBeNull();
  });
});
