import type { SettingsResponse, SettingsUpdate } from '@mayorista/core/schemas/settings';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { recordAudit, type AuditActor } from '../modules/audit';
import { loadSettings, updateSettings } from '../modules/settings';

/** PUT /api/admin/settings: the change and its audit row (the changed keys, before and after) in one transaction (decision 048). */
export async function saveSettings(pool: pg.Pool, actor: AuditActor, update: SettingsUpdate): Promise<SettingsResponse> {
  return inTransaction(pool, async (tx) => {
    await tx.query(`select 1 from app_settings where id for update`);
    const current = (await loadSettings(tx)) as Record<string, unknown>;
    const before = Object.fromEntries(Object.keys(update).map((key) => [key, current[key] ?? null]));
    const saved = await updateSettings(tx, update, actor.id);
    await recordAudit(tx, actor, { action: 'settings.update', entity: 'settings', entityId: 'app', summary: { before, after: update } });
    return saved;
  });
}
