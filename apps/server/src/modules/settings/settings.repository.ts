import { businessIdentityOf, readSettings, type BusinessIdentity, type Settings, type SettingsResponse, type SettingsUpdate } from '@mayorista/core/schemas/settings';
import type { Queryable } from '../../db/transaction';
import { EFFECTIVE_SETTINGS_SQL } from '../../db/settings-document';

interface SettingsRow {
  value: unknown;
  updated_at: Date | null;
  recipients_default?: boolean;
}

/** Named (`settings_row`): every cart read and save sends it, so it is parsed and planned once per connection. */
const SETTINGS_ROW_SQL = `select ${EFFECTIVE_SETTINGS_SQL} as value, (select updated_at from app_settings where id) as updated_at,
  not coalesce((select value ? 'admin_email_recipients' from app_settings where id), false) as recipients_default`;

const SETTINGS_ROW = { name: 'settings_row', text: SETTINGS_ROW_SQL };

const toResponse = (row: SettingsRow | undefined): SettingsResponse => ({
  ...readSettings(row?.value),
  updated_at: row?.updated_at ? row.updated_at.toISOString() : null,
  admin_email_recipients_default: row?.recipients_default ?? true,
});

/**
 * The business settings as they are now. Takes a transaction's client when a rule must see the
 * same settings as the rest of the transaction (e.g. the minimum order when placing one).
 */
export async function loadSettings(db: Queryable): Promise<Settings> {
  const { rows } = await db.query<SettingsRow>(SETTINGS_ROW);
  return readSettings(rows[0]?.value);
}

/**
 * Who issues the documents (decision 082) as the settings say now: the receipt, the statement, the
 * order PDF and the PDFs the e-mails attach; null when none of it is set (their header as before).
 */
export async function loadDocumentIssuer(db: Queryable): Promise<BusinessIdentity | null> {
  return businessIdentityOf(await loadSettings(db));
}

export async function loadSettingsResponse(db: Queryable): Promise<SettingsResponse> {
  const { rows } = await db.query<SettingsRow>(SETTINGS_ROW);
  return toResponse(rows[0]);
}

/** Merges `update` into the stored document in one statement (two admins saving different fields both win). */
export async function updateSettings(db: Queryable, update: SettingsUpdate, actorId: string): Promise<SettingsResponse> {
  await db.query(
    `insert into app_settings (id, value, updated_at, updated_by) values (true, $1::jsonb, now(), $2)
     on conflict (id) do update set value = app_settings.value || excluded.value, updated_at = now(), updated_by = $2`,
    [JSON.stringify(update), actorId],
  );
  // Read back through the same rule as every reader (the default recipients when still unset).
  return loadSettingsResponse(db);
}
