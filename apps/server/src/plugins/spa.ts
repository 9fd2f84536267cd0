import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages, routeKeyFor } from '@mayorista/core';
import { sendError } from './error-handler';

export interface PublicAppConfig {
  catalogName: string;
  whatsappPhone: string;
}

export function defaultWebDistDir(): string {
  // Same relative place from src/plugins and from the bundled dist/: apps/web/dist.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? candidates[0]!;
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false; // missing, or a path through a file (ENOTDIR)
  }
}

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Files that say which build is current (decision 042): always revalidated, also when sent from a
 * precompressed sibling (setHeaders sees the .br or .gz file's path).
 */
const NEVER_STALE = /[\\/](sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/;

/** Written by the web build (apps/web/build/page-preloads.ts): route → the page's own JS files. */
const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';
type PagePreloads = Record<string, string[]>;

function readPagePreloads(app: FastifyInstance, distDir: string): PagePreloads {
  const file = path.join(distDir, PAGE_PRELOADS_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as PagePreloads;
  app.log.warn(`${PAGE_PRELOADS_FILE} not found in ${distDir}: pages load after the entry instead of beside it (rebuild the web app).`);
  return {};
}

/** index.html with the page's chunks announced, so they download beside the entry, not after it. */
function withModulePreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`).join('\n    ');
  return html.replace('</head>', () => `  ${links}\n  </head>`);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached and sent for
 * every non-API path so client-side routes work on reload. The public configuration goes into
 * a <meta> tag (the CSP forbids inline scripts), which saves the SPA a round-trip at start-up.
 */
export async function registerSpa(app: FastifyInstance, options: { distDir: string; config: PublicAppConfig }) {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`SPA build not found at ${options.distDir}; only the API is served (run npm run build).`);
    return;
  }
  const configJson = escapeAttribute(JSON.stringify(options.config));
  const indexHtml = readFileSync(indexFile, 'utf8')
    .replace('<meta name="app-config" content="{}" />', () => `<meta name="app-config" content="${configJson}" />`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(options.config.catalogName)}</title>`);

  // One prepared document per route, built once: a request only picks its variant, by the route
  // the SPA's router will open for the path.
  const pageIndexHtml = new Map(Object.entries(readPagePreloads(app, options.distDir)).map(([route, files]) => [route, withModulePreloads(indexHtml, files)]));

  // No route per file: with `wildcard: false` the plugin globbed the build (~500 files with the
  // .br, .gz and .map siblings) and registered a GET and a HEAD route for each, about a third of a
  // second of every start-up (decision 073). The catch-all below sends the files through the
  // plugin's reply.sendFile, which applies the same options (precompressed files, headers).
  await app.register(fastifyStatic, {
    root: options.distDir,
    serve: false,
    index: false,
    // The web build writes .br and .gz next to each asset (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (NEVER_STALE.test(filePath)) {
        // The service worker and the manifest name the current build (decision 042): a browser
        // holding an older copy for an hour would hold the old version that long.
        res.header('Cache-Control', 'no-cache');
      } else {
        res.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });

  const sendIndex = (url: string, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageIndexHtml.get(routeKeyFor(url.split('?')[0]!, (key) => pageIndexHtml.has(key))) ?? indexHtml);

  app.get('/', (request, reply) => sendIndex(request.url, reply));
  // Nothing under a dot name is for the public (the build's own notes are in .vite/).
  const publicFile = (url: string) => {
    // The router answers a malformed %-escape with 400 before any handler, so this cannot throw.
    const relative = decodeURIComponent(url.split('?')[0]!).replace(/^\/+/, '');
    const candidate = path.resolve(options.distDir, relative);
    const hidden = relative.split('/').some((segment) => segment.startsWith('.'));
    const inside = !hidden && candidate.startsWith(options.distDir + path.sep) && !candidate.endsWith('index.html');
    return { relative, candidate, inside };
  };

  app.get('/*', (request, reply) => {
    const url = request.url;
    if (url.startsWith('/assets/')) {
      // The build's hashed files, by their exact names (as their routes had them); anything else
      // there is a 404, never the page.
      const file = publicFile(url);
      const exact = path.posix.normalize(file.relative) === file.relative && !file.relative.endsWith('/');
      if (file.inside && exact && isFile(file.candidate)) return reply.sendFile(file.relative);
      return sendError(reply, 'not_found', messages.errors.notFound);
    }
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/realtime')) {
      return sendError(reply, 'not_found', messages.errors.notFound);
    }
    // A file that exists (favicon, the service worker, icons) is served as is; anything else is a client route.
    const file = publicFile(url);
    if (file.inside && isFile(file.candidate)) return reply.sendFile(file.relative);
    return sendIndex(url, reply);
  });
}
