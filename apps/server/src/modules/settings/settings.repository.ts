import { readSettings, type Settings, type SettingsResponse, type SettingsUpdate } from '@mayorista/core/schemas/settings';
import type { Queryable } from '../../db/transaction';

interface SettingsRow {
  value: unknown;
  updated_at: Date | null;
}

const toResponse = (row: SettingsRow | undefined): SettingsResponse => ({
  ...readSettings(row?.value),
  updated_at: row?.updated_at ? row.updated_at.toISOString() : null,
});

/**
 * The business settings as they are now. Takes a transaction's client when a rule must see the
 * same settings as the rest of the transaction (e.g. the minimum order when placing one).
 */
export async function loadSettings(db: Queryable): Promise<Settings> {
  const { rows } = await db.query<SettingsRow>('select value, updated_at from app_settings where id');
  return readSettings(rows[0]?.value);
}

export async function loadSettingsResponse(db: Queryable): Promise<SettingsResponse> {
  const { rows } = await db.query<SettingsRow>('select value, updated_at from app_settings where id');
  return toResponse(rows[0]);
}

/** Merges `update` into the stored document in one statement (two admins saving different fields both win). */
export async function updateSettings(db: Queryable, update: SettingsUpdate, actorId: string): Promise<SettingsResponse> {
  const { rows } = await db.query<SettingsRow>(
    `insert into app_settings (id, value, updated_at, updated_by) values (true, $1::jsonb, now(), $2)
     on conflict (id) do update set value = app_settings.value || excluded.value, updated_at = now(), updated_by = $2
     returning value, updated_at`,
    [JSON.stringify(update), actorId],
  );
  return toResponse(rows[0]);
}
