// Prints the gzip size of what the SPA's index.html loads before any lazy route: the entry
// script, its modulepreloads and the stylesheets. Run after `npm run build`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initialAssets } from './lib/web-metrics.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let report;
try {
  report = initialAssets(path.join(root, 'apps/web/dist'));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
for (const r of report.rows) console.log(`${r.kind.padEnd(4)} ${r.file.padEnd(48)} ${kb(r.bytes).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
console.log(`\nJS inicial (gzip):  ${report.jsGzip} bytes (${kb(report.jsGzip)})`);
console.log(`CSS inicial (gzip): ${report.cssGzip} bytes (${kb(report.cssGzip)})`);

const budget = Number(process.env.WEB_JS_BUDGET_BYTES ?? 0);
if (budget > 0 && report.jsGzip > budget) {
  console.error(`El JS inicial supera el presupuesto de ${budget} bytes.`);
  process.exit(1);
}
