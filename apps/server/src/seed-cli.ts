import { loadConfig } from './config';
import { createDatabase, createPool } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDemo } from './db/seed';

/** `npm run db:seed`: loads the demo catalogue into DATABASE_URL (never automatic there). */
const config = loadConfig();
if (!config.databaseUrl) {
  process.stderr.write('db:seed carga datos en DATABASE_URL; la base embebida ya se carga sola al iniciar.\n');
  process.exit(1);
}
const pool = createPool(config.databaseUrl);
await runMigrations(pool);
// With ADMIN_EMAIL set the operator has their own admin: no demo one (the abuse-limits work, decision 010).
const result = await seedDemo(createDatabase(pool), { withAdmin: !config.admin });
process.stdout.write(`Productos cargados: ${result.products}\n`);
if (result.admin) process.stdout.write(`Administrador: ${result.admin.email} / ${result.admin.password}\n`);
await pool.end();
