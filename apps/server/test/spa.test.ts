import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../src/plugins/spa';

// A built SPA in miniature: index.html with the config placeholder and one hashed asset with the
// .br/.gz siblings the web build writes (apps/web/build/precompress.ts).
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let distDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>x</title><meta name="app-config" content="{}" /><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(distDir, 'assets', 'app-1a2b.js'), script);
  // The table the web build writes (apps/web/build/page-preloads.ts).
  mkdirSync(path.join(distDir, '.vite'));
  writeFileSync(
    path.join(distDir, '.vite', 'page-preloads.json'),
    JSON.stringify({
      '/': [],
      '/catalog': ['/assets/catalog-page-9f8e.js', '/assets/label-7d6c.js'],
      '/catalogo/:slug': ['/assets/product-page-3c2d.js'],
      '*': ['/assets/not-found-page-5b4a.js'],
    }),
  );
  writeFileSync(path.join(distDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(distDir, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
  // Files beside index.html (the web build compresses only assets/): the service worker and an icon in a folder.
  writeFileSync(path.join(distDir, 'sw.js'), script);
  // A manifest with a compressed sibling, as a build that compressed every file would leave it.
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"x"}');
  writeFileSync(path.join(distDir, 'manifest.webmanifest.br'), brotliCompressSync('{"name":"x"}'));
  mkdirSync(path.join(distDir, 'icons'));
  writeFileSync(path.join(distDir, 'icons', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await registerSpa(app, { distDir, config: { catalogName: "Distribuidora <Sur> $' $&", whatsappPhone: '5491100000000' } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('built SPA', () => {
  it('sends the precompressed brotli file to browsers that accept it, cached for a year', async () => {
    const response = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers HEAD for an asset like GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('');
  });

  it('serves the files beside index.html with their own caching: the service worker revalidated, an icon for an hour', async () => {
    const sw = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toBe(script);

    const manifest = await app.inject({ url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const icon = await app.inject({ url: '/icons/icon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/svg/);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('registers no route per file of the build, which cost every start-up a third of a second (decision 073)', () => {
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-1a2b.js' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/sw.js' })).toBe(false);
  });

  it('answers a directory of the build with the page, as any client route; a malformed escape is the client\'s 400, never a 500', async () => {
    for (const url of ['/icons', '/icons/']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    for (const url of ['/%E0%A4%A', '/assets/%E0%A4%A.js']) {
      expect((await app.inject({ url })).statusCode).toBe(400);
    }
  });

  it('answers client routes with index.html carrying the escaped public configuration, never cached', async () => {
    const response = await app.inject({ url: '/catalog?page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain("<title>Distribuidora &lt;Sur&gt; $' $&amp;</title>");
    expect(response.body).toContain('content="{&quot;catalogName&quot;:&quot;Distribuidora &lt;Sur&gt; $\' $&amp;&quot;');
  });

  it('answers unknown API paths and missing assets with a JSON 404, not the page', async () => {
    const assetPathsNotExact = ['/assets//app-1a2b.js', '/assets/app-1a2b.js/', '/assets/app-1a2b.js/x.js'];
    for (const url of ['/api/nothing-here', '/assets/missing-0000.js', '/assets/', '/assets/.hidden.js', ...assetPathsNotExact]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  describe('modulepreload links for the opened page', () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

    it("announce the page's chunks in the head of its route, however the path is written", async () => {
      for (const url of ['/catalog', '/catalog/', '/Catalog?categoria=bebidas', '/cat%61log']) {
        const body = (await app.inject({ url })).body;
        expect(preloads(body), url).toEqual(['/assets/catalog-page-9f8e.js', '/assets/label-7d6c.js']);
        expect(body.indexOf('modulepreload')).toBeLessThan(body.indexOf('</head>'));
      }
    });

    it('announce the product page for any one-segment address below /catalogo (the wholesale-ordering work, decision 016), not deeper', async () => {
      for (const url of ['/catalogo/yerba-500-g-3f2a9c1b7d4e', '/Catalogo/cualquier-cosa/', '/catalogo/az%C3%BAcar']) {
        expect(preloads((await app.inject({ url })).body), url).toEqual(['/assets/product-page-3c2d.js']);
      }
      expect(preloads((await app.inject({ url: '/catalogo/a/b' })).body)).toEqual(['/assets/not-found-page-5b4a.js']);
    });

    it('announce nothing where the entry holds the page, and the not-found page for unknown paths', async () => {
      expect(preloads((await app.inject({ url: '/' })).body)).toEqual([]);
      expect(preloads((await app.inject({ url: '/?ref=whatsapp' })).body)).toEqual([]);
      expect(preloads((await app.inject({ url: '/esto/no/existe' })).body)).toEqual(['/assets/not-found-page-5b4a.js']);
    });

    it('answer HEAD like GET, without a body', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/catalog' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe('');
    });

    it("never serve the build's own notes", async () => {
      const response = await app.inject({ url: '/.vite/page-preloads.json' });
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).not.toContain('catalog-page-9f8e');
    });
  });
});
