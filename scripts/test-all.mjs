// `npm test`: every suite in one command, with the counts of each.
//   1. unit (core), component (web, jsdom) and server integration tests (real PostgreSQL) — vitest
//   2. browser end-to-end tests against the built app in Debian's Chromium — Playwright
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts }).status ?? 1;
mkdirSync('test-results', { recursive: true });

ensureChromium();

console.log('\n▶ Compilando la aplicación (web y servidor)...');
if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);

console.log('\n▶ Pruebas unitarias, de componentes y de integración (vitest)...');
rmSync('test-results/vitest.json', { force: true });
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);

console.log('\n▶ Pruebas de punta a punta en Chromium (Playwright)...');
rmSync('test-results/e2e.json', { force: true });
const e2eStatus = run('npx', ['playwright', 'test']);

const suites = new Map();
const add = (name, status) => {
  const s = suites.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
  if (status === 'passed') s.passed++;
  else if (status === 'skipped' || status === 'pending' || status === 'todo') s.skipped++;
  else s.failed++;
  suites.set(name, s);
};

if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  for (const file of report.testResults) {
    const project = file.name.includes('/packages/core/') ? 'core (unit)' : file.name.includes('/apps/web/') ? 'web (component)' : 'server (integration)';
    if (file.assertionResults.length === 0 && file.status === 'failed') add(project, 'failed');
    for (const t of file.assertionResults) add(project, t.status);
  }
} else {
  add('vitest', 'failed');
}

if (existsSync('test-results/e2e.json')) {
  const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) add('e2e (chromium)', t.status === 'expected' ? 'passed' : t.status === 'skipped' ? 'skipped' : 'failed');
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const s of report.suites ?? []) walk(s);
  if ((report.errors ?? []).length) add('e2e (chromium)', 'failed');
} else {
  add('e2e (chromium)', 'failed');
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\nResumen de pruebas');
for (const [name, s] of suites) {
  console.log(`  ${name.padEnd(22)} ${String(s.passed).padStart(4)} pasaron, ${s.failed} fallaron${s.skipped ? `, ${s.skipped} omitidas` : ''}`);
  passed += s.passed;
  failed += s.failed;
  skipped += s.skipped;
}
const ok = vitestStatus === 0 && e2eStatus === 0 && failed === 0;
console.log(`\n${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
