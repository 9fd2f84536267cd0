import type { HolidaysPut, Zone, ZoneCreate, ZoneUpdate } from '@mayorista/core/schemas/deliveries';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { recordAudit, type AuditActor } from '../modules/audit';
import {
  createZone,
  customerZoneOf,
  deleteZone,
  findZone,
  listHolidays,
  replaceHolidays,
  setCustomerZone,
  updateZone,
  zoneNotFound,
  type Holiday,
} from '../modules/deliveries';

// The office's Repartos planning (decision 049) as staff changes: each write and its audit row
// (decision 048) in one transaction — deliveries (the write) → audit.

/** What the audit log keeps of a zone: its name and rule, not its customer count. */
const zoneSummary = (zone: Zone) => ({
  name: zone.name,
  weekdays: zone.weekdays,
  cutoff_days_before: zone.cutoff_days_before,
  cutoff_time: zone.cutoff_time,
  min_order: zone.min_order,
  driver_id: zone.driver_id,
});

export async function createZoneAudited(pool: pg.Pool, actor: AuditActor, input: ZoneCreate): Promise<Zone> {
  return inTransaction(pool, async (tx) => {
    const zone = await createZone(tx, input);
    await recordAudit(tx, actor, { action: 'zone.create', entity: 'zone', entityId: String(zone.id), summary: { after: zoneSummary(zone) } });
    return zone;
  });
}

export async function updateZoneAudited(pool: pg.Pool, actor: AuditActor, id: number, input: ZoneUpdate): Promise<Zone> {
  return inTransaction(pool, async (tx) => {
    const before = await findZone(tx, id);
    if (!before) throw zoneNotFound();
    const zone = await updateZone(tx, id, input);
    const summary = { before: zoneSummary(before), after: zoneSummary(zone) };
    await recordAudit(tx, actor, { action: 'zone.update', entity: 'zone', entityId: String(id), summary });
    return zone;
  });
}

export async function deleteZoneAudited(pool: pg.Pool, actor: AuditActor, id: number): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const before = await findZone(tx, id);
    if (!before) throw zoneNotFound();
    await deleteZone(tx, id);
    await recordAudit(tx, actor, { action: 'zone.delete', entity: 'zone', entityId: String(id), summary: { before: zoneSummary(before) } });
  });
}

/** A customer's zone and stop (null zone: none), on the customer's history. */
export async function setCustomerZoneAudited(
  pool: pg.Pool,
  actor: AuditActor,
  profileId: string,
  zoneId: number | null,
  stop: number | null,
): Promise<void> {
  await inTransaction(pool, async (tx) => {
    const before = await customerZoneOf(tx, profileId);
    await setCustomerZone(tx, profileId, zoneId, stop);
    const summary = { before: { zone_id: before }, after: { zone_id: zoneId, stop_position: stop } };
    await recordAudit(tx, actor, { action: 'customer.zone', entity: 'customer', entityId: profileId, summary });
  });
}

/** The feriados replaced whole; the row names the dates added and removed, not the whole list. */
export async function replaceHolidaysAudited(pool: pg.Pool, actor: AuditActor, input: HolidaysPut): Promise<Holiday[]> {
  return inTransaction(pool, async (tx) => {
    const before = new Set((await listHolidays(tx)).map((h) => h.date));
    const holidays = await replaceHolidays(tx, input);
    const after = new Set(holidays.map((h) => h.date));
    const summary = {
      before: { count: before.size, removed: [...before].filter((d) => !after.has(d)).slice(0, 50) },
      after: { count: after.size, added: [...after].filter((d) => !before.has(d)).slice(0, 50) },
    };
    await recordAudit(tx, actor, { action: 'holidays.replace', entity: 'holidays', entityId: 'delivery', summary });
    return holidays;
  });
}
