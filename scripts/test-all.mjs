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
// The names of the failed tests, printed last: CI shows only the tail of the output.
const failures = [];
const add = (name, status, title) => {
  if (status !== 'passed' && status !== 'skipped' && status !== 'pending' && status !== 'todo') failures.push(`${name}: ${title}`);
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
    const where = file.name.replace(`${process.cwd()}/`, '');
    if (file.assertionResults.length === 0 && file.status === 'failed') add(project, 'failed', `${where} (${(file.message ?? '').split('\n')[0]})`);
    for (const t of file.assertionResults) add(project, t.status, `${where} › ${t.fullName} — ${(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
  }
} else {
  add('vitest', 'failed', 'no report (test-results/vitest.json)');
}

if (existsSync('test-results/e2e.json')) {
  const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        add('e2e (chromium)', t.status === 'expected' ? 'passed' : t.status === 'skipped' ? 'skipped' : 'failed', `${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const s of report.suites ?? []) walk(s);
  for (const e of report.errors ?? []) add('e2e (chromium)', 'failed', (e.message ?? '').split('\n')[0]);
} else {
  add('e2e (chromium)', 'failed', 'no report (test-results/e2e.json)');
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
if (failures.length) {
  console.log('\nFallaron:');
  for (const f of failures) console.log(`  ✗ ${f}`);
}
const ok = vitestStatus === 0 && e2eStatus === 0 && failed === 0;
console.log(`\n${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
