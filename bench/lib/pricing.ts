// The repricing work's (decision 015) phase of `npm run bench` (bench/README.md "Precios"): bulk repricing, XLSX import and
// the price-list PDF, measured over HTTP against the built server on a database of its own.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createPool } from '../../apps/server/src/db/client';
import { findFreePort } from '../../apps/server/src/lib/free-port';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { createOwnDatabase } from './own-database';
import { ROOT, sampleMemory, startProcess } from './processes';
import { insertBenchProducts, seedBenchDataset } from './seed';

export interface PricingPhaseOptions {
  /** A database URL on the cluster the bench uses; this phase creates (and drops) its own database on it. */
  databaseUrl: string;
  workDir: string;
  cpu: number | null;
  say: (s: string) => void;
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await work();
  return { ms: performance.now() - t, value };
}

/** 20,000 rows for SKU-1…SKU-20000 with every wholesale price changed (Argentine text amounts in half of them). */
/** `raise`: centavos over the seed's price (a second workbook with another raise updates every row again). */
export async function importWorkbook(rows: number, raise = 10_000): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Catálogo');
  sheet.addRow(['SKU', 'Nombre', 'Categoría', 'Precio mayorista', 'Precio minorista', 'Stock']);
  const words = ['Yerba', 'Azúcar', 'Harina', 'Fideos', 'Arroz', 'Aceite', 'Galletitas', 'Café', 'Té', 'Jabón', 'Detergente', 'Lavandina', 'Gaseosa', 'Agua', 'Vino', 'Cerveza', 'Shampoo', 'Ñoquis', 'Dulce de leche', 'Mermelada'];
  const categories = ['Almacén', 'Bebidas', 'Limpieza', 'Perfumería', 'Lácteos', 'Congelados'];
  for (let i = 1; i <= rows; i++) {
    const price = 50_000 + ((i * 7919) % 900_000) + raise; // the seed's price plus $100 by default
    const pesos = price / 100;
    sheet.addRow([
      `SKU-${i}`,
      `${words[i % words.length]} ${i} x ${1 + (i % 12)} u.`,
      categories[i % categories.length],
      i % 2 ? pesos : `$ ${pesos.toLocaleString('es-AR', { minimumFractionDigits: 2 })}`,
      (price * 2) / 100,
      100 + ((i + 1) % 400),
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function multipart(file: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogo.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The built server on a phase's own database, production settings, its data in `dataDir`. */
export function startPhaseServer(databaseUrl: string, secret: string, dataDir: string, cpu: number | null, port: number) {
  return startProcess({
    script: path.join(ROOT, 'apps/server/dist/main.js'),
    env: { DATABASE_URL: databaseUrl, JWT_SECRET: secret, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '0', NODE_ENV: 'production', DATA_DIR: dataDir },
    port,
    cpu,
  });
}

export async function runPricingPhase(opts: PricingPhaseOptions) {
  const own = await createOwnDatabase(opts.databaseUrl, 'mayorista_pricing');
  const pool = createPool(own.url, 2);
  const secret = randomBytes(32).toString('base64url');
  let server: Awaited<ReturnType<typeof startProcess>> | null = null;
  try {
    await runMigrations(pool);
    const data = await seedBenchDataset(pool, new TextEncoder().encode(secret), { products: 5000, customers: 2, orders: 1 });
    server = await startPhaseServer(own.url, secret, path.join(opts.workDir, 'pricing-app'), opts.cpu, await findFreePort());
    const adminHeaders = { authorization: `Bearer ${data.admin.token}` };

    const pdf = await timePriceListPdf(server.url, data.customers[0]!.token, opts.say);
    await insertBenchProducts(pool, 5001, 20000);
    await pool.query('vacuum analyze products');
    const reprice = await timeReprice(server.url, adminHeaders, opts.say);
    const imports = await timeImport(server.url, server.child.pid!, adminHeaders, opts.say);
    const ledger = await pool.query<{ n: number }>(
      `select count(*)::int as n from products p where p.stock <> coalesce((select sum(quantity) from stock_movements m where m.product_id = p.id), 0)`,
    );

    const figures = {
      repriceSeconds: seconds(reprice.ms),
      repricedProducts: reprice.value,
      importRows: 20000,
      importFileKb: Math.round(imports.fileBytes / 1024),
      importDryRunSeconds: seconds(imports.dry.ms),
      importApplySeconds: seconds(imports.applied.ms),
      importUpdated: imports.applied.value.updated,
      importPeakServerMb: imports.peak.server,
      stockLedgerMismatches: ledger.rows[0]!.n,
      priceListSeconds: seconds(pdf.ms),
      priceListKb: Math.round(pdf.value / 1024),
      targets: { repriceSeconds: 2, importDryRunSeconds: 5, importApplySeconds: 10, importPeakServerMb: 300, priceListSeconds: 5 },
    };
    opts.say(
      `  Precios: cambio masivo ${figures.repricedProducts} productos ${figures.repriceSeconds} s (≤ 2) · XLSX 20.000 filas simulación ${figures.importDryRunSeconds} s (≤ 5), ` +
        `aplicación ${figures.importApplySeconds} s (≤ 10), memoria pico ${figures.importPeakServerMb} MB (≤ 300) · PDF 5.000 productos ${figures.priceListSeconds} s (≤ 5)`,
    );
    return figures;
  } finally {
    await server?.stop();
    await pool.end();
    await own.drop();
  }
}

/** The price-list PDF of the 5,000 products, as a customer asks for it: its time and size in bytes. */
function timePriceListPdf(url: string, customerToken: string, say: (s: string) => void) {
  say('▶ Precios: lista de precios en PDF de 5.000 productos...');
  return timed(async () => {
    const r = await fetch(`${url}/api/price-list.pdf`, { headers: { authorization: `Bearer ${customerToken}` } });
    if (r.status !== 200) throw new Error(`price list: ${r.status}`);
    return (await r.arrayBuffer()).byteLength;
  });
}

/** Every product's prices +7 %, rounded to $10: its time and the products changed. */
function timeReprice(url: string, adminHeaders: { authorization: string }, say: (s: string) => void) {
  say('▶ Precios: cambio masivo de 20.000 productos (+7 %, a $10)...');
  return timed(async () => {
    const r = await fetch(`${url}/api/admin/products/reprice`, {
      method: 'POST',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: {}, adjustment: { kind: 'percent', percent: 7 }, fields: ['price', 'retail_price', 'sale_prices', 'tiers'], rounding: '10' }),
    });
    if (r.status !== 201) throw new Error(`reprice: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { product_count: number }).product_count;
  });
}

/** A 20,000-row XLSX imported as a dry run, then applied, with the server's memory sampled across both. */
async function timeImport(url: string, pid: number, adminHeaders: { authorization: string }, say: (s: string) => void) {
  say('▶ Precios: importación XLSX de 20.000 filas (simulación y aplicación)...');
  const workbook = multipart(await importWorkbook(20000));
  const memory = sampleMemory([{ name: 'server', pid: () => pid }], 100);
  const importOnce = (dryRun: boolean) =>
    timed(async () => {
      const r = await fetch(`${url}/api/admin/products/import${dryRun ? '?dry_run=1' : ''}`, {
        method: 'POST',
        headers: { ...adminHeaders, 'content-type': workbook.contentType },
        body: workbook.body,
      });
      const report = (await r.json()) as { updated: number; created: number; unchanged: number };
      if (r.status !== 200) throw new Error(`import: ${r.status} ${JSON.stringify(report).slice(0, 500)}`);
      return report;
    });
  const dry = await importOnce(true);
  const applied = await importOnce(false);
  const peak = memory.stop();
  return { fileBytes: workbook.body.length, dry, applied, peak };
}
