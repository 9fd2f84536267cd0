// Builds the app, serves the built server on a throw-away DATA_DIR and runs Lighthouse 12
// (mobile preset) with Debian's Chromium against /, /login and /catalog. Prints the
// performance and accessibility scores and LCP, CLS and TBT of each page.
//   npm run audit:web                 build, serve, audit
//   npm run audit:web -- --no-build   reuse the current dist/ folders
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLighthouse } from './lib/web-metrics.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/', '/login', '/catalog'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó con código ${child.exitCode} antes de estar listo.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`El servidor no respondió en ${url} a tiempo.`);
}

if (!process.argv.includes('--no-build')) {
  console.log('Compilando (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-audit-'));
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    SMTP_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
});

let results = [];
try {
  await waitForHealth(`${baseUrl}/healthz`, server);
  results = await runLighthouse(baseUrl, PAGES);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nLighthouse 12 (móvil) — Chromium de Debian — mediana de 3 corridas por página\n');
console.log('Página      Rendimiento  Accesibilidad    LCP (ms)    CLS    TBT (ms)');
for (const r of results) {
  console.log(
    `${r.page.padEnd(12)}${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${String(r.lcpMs).padStart(10)}  ${r.cls.toFixed(3).padStart(5)}  ${String(r.tbtMs).padStart(10)}`,
  );
  console.log(`            rendimiento de cada corrida: ${r.runs.map((run) => run.performance).join(', ')}`);
  if (r.failedA11y.length) console.log(`            auditorías de accesibilidad fallidas: ${r.failedA11y.join(', ')}`);
}
