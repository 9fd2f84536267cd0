import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';

/**
 * Logical backups without pg_dump: the embedded server ships no client tools, and Debian's
 * pg_dump is older than the server. Every table is read as JSON inside one REPEATABLE READ,
 * READ ONLY transaction — a single consistent snapshot even while orders keep arriving — and
 * written as gzip'd JSON lines. Restoring inserts the rows with json_populate_recordset into a
 * freshly migrated, empty database in foreign-key order, in one transaction.
 */

/** Foreign-key order: parents before children. Every application table must be listed. */
/**
 * Tables a backup leaves out on purpose: counters that expire within hours (decision 010 — the
 * sign-in throttle locks for at most 15 minutes, the e-mail limit counts the last hour). A
 * restored shop starts with no lock and a fresh e-mail budget, which costs nothing.
 */
export const EPHEMERAL_TABLES: readonly string[] = [
  'sign_in_throttles',
  'email_sends',
  // Decision 022: the dashboard's daily summaries are derived; the orders trigger rebuilds them
  // as the restore inserts the orders (restoring them too would count every sale twice).
  'sales_daily_products',
  'sales_daily_customers',
];

export const BACKUP_TABLES = [
  { name: 'users', key: 'id' },
  // The business-identity work (decisions 017–019): before profiles, which point at them (their created_by back to profiles is deferred).
  { name: 'price_lists', key: 'id' },
  { name: 'profiles', key: 'id' },
  { name: 'email_tokens', key: 'id' },
  { name: 'sessions', key: 'id' },
  { name: 'refresh_tokens', key: 'id', sequence: 'refresh_tokens_id_seq' },
  { name: 'products', key: 'id' },
  // The wholesale-ordering work (decision 016): a product's gallery. Its files live in UPLOADS_DIR, outside this backup, as before.
  { name: 'product_images', key: 'id' },
  { name: 'cart', key: 'user_id' },
  // Repartos (decisions 049–051): zones before the orders and customers that name them; the
  // feriados list is preloaded by migration 0021 and replaced by the copy's.
  { name: 'delivery_zones', key: 'id', sequence: 'delivery_zones_id_seq' },
  { name: 'customer_zones', key: 'profile_id' },
  { name: 'delivery_holidays', key: 'date', seededByMigration: true },
  { name: 'orders', key: 'id' },
  { name: 'stock_movements', key: 'id', sequence: 'stock_movements_id_seq' },
  { name: 'points_movements', key: 'id', sequence: 'points_movements_id_seq' },
  // The order-life work (decision 014): an edit's history is part of the order; queued e-mails go out after a restore too.
  { name: 'order_edits', key: 'id', sequence: 'order_edits_id_seq' },
  { name: 'email_outbox', key: 'id', sequence: 'email_outbox_id_seq' },
  // Its one row is created by migration 0006 with the defaults: a restore replaces it.
  { name: 'app_settings', key: 'id', seededByMigration: true },
  // The wholesale-ordering work (decision 016): saved lists and favourites.
  { name: 'shopping_lists', key: 'id' },
  { name: 'favorites', key: 'id' },
  { name: 'price_changes', key: 'id' },
  { name: 'price_change_items', key: 'change_id' },
  { name: 'import_items', key: 'change_id' },
  { name: 'price_list_items', key: 'list_id' },
  // The cuenta corriente (decisions 037–039): accounts, payments before the movements that name them,
  // open items after their movements, allocations and reminders after the items.
  { name: 'customer_accounts', key: 'profile_id' },
  { name: 'payments', key: 'id', sequence: 'payments_id_seq' },
  { name: 'account_movements', key: 'id', sequence: 'account_movements_id_seq' },
  { name: 'account_open_items', key: 'movement_id' },
  { name: 'account_allocations', key: 'id', sequence: 'account_allocations_id_seq' },
  { name: 'account_reminders', key: 'item_movement_id' },
  // Its row is created by migration 0019 at zero: a restore replaces it with the copy's.
  { name: 'document_counters', key: 'name', seededByMigration: true },
  // After the orders and the payments they name.
  { name: 'delivery_attempts', key: 'id', sequence: 'delivery_attempts_id_seq' },
  // The "Tu pedido llega hoy" notices already queued, so a restore does not send them again.
  { name: 'delivery_notices', key: 'order_id' },
  // Staff (decisions 046–048): the office's confirmations of what the reps collected (after the
  // payments they name) and the audit log, append-only but written here into an empty database.
  { name: 'collection_confirmations', key: 'payment_id' },
  { name: 'audit_log', key: 'id', sequence: 'audit_log_id_seq' },
] as const;

const FORMAT = 'mayorista-backup';
const VERSION = 1;
const CHUNK = 2000;

interface Header {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  migrations: number;
  tables: Record<string, number>;
}

async function appliedMigrations(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? 0;
}

export async function backupDatabase(pool: pg.Pool, file: string): Promise<Header> {
  const client = await pool.connect();
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const counts: Record<string, number> = {};
    for (const t of BACKUP_TABLES) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${t.name}`);
      counts[t.name] = rows[0]!.n;
    }
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      created_at: new Date().toISOString(),
      migrations: await appliedMigrations(client),
      tables: counts,
    };
    await write(header);
    for (const t of BACKUP_TABLES) {
      // A cursor in the snapshot: bounded memory whatever the table size.
      await client.query(`declare backup_cursor no scroll cursor for select to_jsonb(t) as row from ${t.name} t order by t.${t.key}`);
      for (;;) {
        const { rows } = await client.query<{ row: Record<string, unknown> }>(`fetch ${CHUNK} from backup_cursor`);
        if (rows.length === 0) break;
        await write({ table: t.name, rows: rows.map((r) => r.row) });
      }
      await client.query('close backup_cursor');
    }
    await client.query('commit');
    gzip.end();
    await once(out, 'finish');
    return header;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    gzip.destroy();
    out.destroy();
    throw error;
  } finally {
    client.release();
  }
}

export class RestoreError extends Error {}

/**
 * The columns a restore writes: all but generated ones (products.search_text, migration 0004),
 * which PostgreSQL computes and refuses to be given. Backups list every column; this drops the rest.
 */
async function writableColumns(client: pg.PoolClient, table: string): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(column_name) as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
      order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.name).join(', ');
}

export async function restoreDatabase(pool: pg.Pool, file: string): Promise<Header> {
  const client = await pool.connect();
  let lines: readline.Interface | null = null;
  let header: Header | null = null;
  try {
    await client.query('begin');
    // The ledgers come from the copy: no opening movement for the products and profiles inserted (migration 0003).
    await client.query(`select set_config('mayorista.restoring', 'on', true)`);
    for (const t of BACKUP_TABLES) {
      if ('seededByMigration' in t) {
        await client.query(`delete from ${t.name}`);
        continue;
      }
      const { rows } = await client.query(`select 1 from ${t.name} limit 1`);
      if (rows.length) throw new RestoreError(`La base de destino no está vacía (tabla ${t.name}). Restaurá en una carpeta de datos nueva.`);
    }
    const known = await appliedMigrations(client);
    // Created only now: readline starts reading at once, and lines emitted while we were still
    // awaiting the checks above would be lost.
    lines = readline.createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line) as Header | { table: string; rows: unknown[] };
      if (!header) {
        const h = entry as Header;
        if (h.format !== FORMAT || h.version !== VERSION) throw new RestoreError('El archivo no es una copia de seguridad de esta aplicación.');
        if (h.migrations > known) {
          throw new RestoreError('La copia es de una versión más nueva de la aplicación; actualizá la aplicación antes de restaurar.');
        }
        header = h;
        continue;
      }
      const chunk = entry as { table: string; rows: unknown[] };
      if (!BACKUP_TABLES.some((t) => t.name === chunk.table)) throw new RestoreError(`Tabla desconocida en la copia: ${chunk.table}`);
      const columns = await writableColumns(client, chunk.table);
      await client.query(
        `insert into ${chunk.table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${chunk.table}, $1::jsonb)`,
        [JSON.stringify(chunk.rows)],
      );
    }
    if (!header) throw new RestoreError('El archivo de copia está vacío.');
    for (const t of BACKUP_TABLES) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${t.name}`);
      if (rows[0]!.n !== (header.tables[t.name] ?? 0)) {
        throw new RestoreError(`La copia está incompleta: ${t.name} tiene ${rows[0]!.n} filas y se esperaban ${header.tables[t.name]}.`);
      }
      if ('sequence' in t) {
        await client.query(`select setval('${t.sequence}', coalesce((select max(id) from ${t.name}), 0) + 1, false)`);
      }
    }
    await client.query('commit');
    return header;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    lines?.close();
  }
}
