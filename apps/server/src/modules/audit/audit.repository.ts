import type { AuditedChange, AuditWriter } from '../../db/audit-hook';
import type { Queryable } from '../../db/transaction';

// The audit log (decision 048): one row per staff action that changes money, stock, prices,
// products, orders, customers, roles or settings, written in that action's own transaction (so it
// exists iff the change committed). The table refuses UPDATE and DELETE (migration 0020).

/** Who acts: the staff member's id and the request's address. Name and role are read from the profile as it is now. */
export interface AuditActor {
  id: string;
  ip?: string | null;
}

/** What was done to what, with a short before/after summary (db/audit-hook.ts). */
export type AuditEntry = AuditedChange;

/** Writes one audit row in the caller's transaction. */
export async function recordAudit(tx: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.query({
    name: 'audit_insert',
    text: `insert into audit_log (actor_id, actor_name, actor_role, action, entity, entity_id, summary, ip)
           select $1::uuid, coalesce(nullif(trim(p.nombre || ' ' || p.apellido), ''), p.email, 'Sistema'), p.staff_role,
                  $2, $3, $4, $5::jsonb, $6
             from (select 1) one left join profiles p on p.id = $1::uuid`,
    values: [actor.id, entry.action, entry.entity, entry.entityId, JSON.stringify(entry.summary ?? {}), actor.ip ?? null],
  });
}

/** The writer a module that opens its own transaction is given: this actor's rows, in that transaction. */
export function auditBy(actor: AuditActor): AuditWriter {
  return (tx, change) => recordAudit(tx, actor, change);
}

export interface AuditQuery {
  actor?: string;
  entity?: string;
  entity_id?: string;
  /** Calendar days, Buenos Aires. */
  from?: string;
  to?: string;
  page: number;
  page_size: number;
}

export interface AuditRow {
  id: number;
  at: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string | null;
  action: string;
  entity: string;
  entity_id: string;
  summary: Record<string, unknown>;
  ip: string | null;
  /** id → name of the people the summary names and of the row's entity (decision 067). */
  names: Record<string, string>;
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** A page of the log, newest first, filtered by person, entity and Buenos Aires day. */
export async function listAudit(db: Queryable, query: AuditQuery): Promise<{ items: AuditRow[]; total: number }> {
  const values = [
    query.actor ?? null,
    query.entity ?? null,
    query.entity_id ?? null,
    query.from ?? null,
    query.to ?? null,
    query.page_size,
    (query.page - 1) * query.page_size,
  ];
  const where = `($1::uuid is null or actor_id = $1::uuid)
       and ($2::text is null or entity = $2)
       and ($3::text is null or entity_id = $3)
       and ($4::date is null or at >= ($4::date::timestamp at time zone 'America/Argentina/Buenos_Aires'))
       and ($5::date is null or at < (($5::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires'))`;
  // The names of what each row names by id — the people of its summary (rep_id, driver_id,
  // customer_id, a list of customers…: ids found anywhere in it, so a new field needs no change
  // here) and the row's own entity (a customer, a product, a price list, a zone) — joined for the
  // page's rows in the same query. A customer reads by razón social first.
  const { rows } = await db.query<AuditRow & { total: number }>({
    text: `with page as (
             select id, at, actor_id, actor_name, actor_role, action, entity, entity_id, summary, ip, count(*) over ()::int as total
               from audit_log where ${where}
              order by id desc limit $6 offset $7
           )
           select page.id::int, to_char(page.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, page.actor_id, page.actor_name,
                  page.actor_role, page.action, page.entity, page.entity_id, page.summary, page.ip, page.total,
                  coalesce(named.names, '{}'::jsonb) as names
             from page
             left join lateral (
               select jsonb_object_agg(n.key, n.name) as names from (
                 select ids.id::text as key,
                        coalesce((select coalesce(nullif(btrim(p.razon_social), ''), nullif(btrim(p.nombre || ' ' || p.apellido), ''), p.email)
                                    from profiles p where p.id = ids.id),
                                 (select pr.name from products pr where pr.id = ids.id),
                                 (select l.name from price_lists l where l.id = ids.id)) as name
                   from (select (v #>> '{}')::uuid as id from jsonb_path_query(page.summary, 'strict $.**') v
                          where jsonb_typeof(v) = 'string' and (v #>> '{}') ~* '${UUID_PATTERN}'
                         union
                         select page.entity_id::uuid where page.entity_id ~* '${UUID_PATTERN}') ids
                 union all
                 select page.entity_id, z.name from delivery_zones z where page.entity = 'zone' and z.id::text = page.entity_id
               ) n where n.name is not null
             ) named on true
            order by page.id desc`,
    values,
  });
  const total = rows[0]?.total ?? 0;
  return { items: rows.map(({ total: _total, ...row }) => row), total };
}
