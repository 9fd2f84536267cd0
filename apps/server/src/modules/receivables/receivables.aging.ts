import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { exceljs } from '../../lib/lazy-modules';
import { messages } from '@mayorista/core/messages';
import { neutraliseFormula } from '@mayorista/core/spreadsheet-text';
import type { ReceivablesPage, ReceivablesQuery, ReceivablesRow } from '@mayorista/core/schemas/receivables';
import { likeContains } from '../../db/like';
import type { Queryable } from '../../db/transaction';
import { CSV_SEPARATOR, formatCsvAmount } from '../../lib/csv';
import { openItemsAtSql } from './receivables.read';

/**
 * The admin's "Cuentas corrientes" tab (decision 039): every customer with their balance, what is
 * overdue and the aging buckets at a day, in ONE query — the open items (partial index on open > 0)
 * grouped per customer, joined to the accounts, filtered, sorted, paged, with the filter's totals as
 * window sums. The buckets count a post-dated cheque as paid only from its date, the balance from the
 * day it was received: "Cheques a cobrar" is that difference, so saldo = Σ buckets − cheques a cobrar
 * − what is a favor (unapplied money is in the saldo and in no bucket, whether or not something is
 * open). Sort and filter are keys of fixed maps, never text from the request.
 * Customers only (staff of any role buy nothing on credit), each by razón social first, the person's
 * name when the business has none; the search finds either, the e-mail, or the CUIT typed with or
 * without dashes (decision 067).
 */

const SORTS: Record<ReceivablesQuery['sort'], string> = {
  balance: 'balance',
  overdue: 'overdue',
  name: 'lower(name)',
  oldest_due: 'oldest_due_date',
};

const FILTERS: Record<ReceivablesQuery['filter'], string> = {
  all: 'true',
  with_balance: 'balance <> 0',
  overdue: 'overdue > 0',
  a_favor: 'balance < 0',
  over_limit: 'credit_limit is not null and balance > credit_limit',
};

const AGING_SQL = `with ${openItemsAtSql('')}, aged as (
    select profile_id,
           sum(open) filter (where due_date >= $2::date)::bigint as al_dia,
           sum(open) filter (where $2::date - due_date between 1 and 30)::bigint as d1_30,
           sum(open) filter (where $2::date - due_date between 31 and 60)::bigint as d31_60,
           sum(open) filter (where $2::date - due_date between 61 and 90)::bigint as d61_90,
           sum(open) filter (where $2::date - due_date > 90)::bigint as over_90,
           sum(by_cheque)::bigint as pending_cheques,
           min(due_date) as oldest_due_date
      from items group by profile_id
  ), customers as (
    select p.id as customer_id,
           coalesce(nullif(btrim(p.razon_social), ''), concat_ws(' ', nullif(p.nombre, ''), nullif(p.apellido, ''))) as name, p.email, p.whatsapp,
           coalesce(a.balance, 0)::bigint as balance, a.credit_limit, coalesce(a.payment_terms_days, $3::int) as payment_terms_days,
           coalesce(g.al_dia, 0) as al_dia, coalesce(g.d1_30, 0) as d1_30, coalesce(g.d31_60, 0) as d31_60,
           coalesce(g.d61_90, 0) as d61_90, coalesce(g.over_90, 0) as over_90, coalesce(g.pending_cheques, 0) as pending_cheques,
           (coalesce(g.d1_30, 0) + coalesce(g.d31_60, 0) + coalesce(g.d61_90, 0) + coalesce(g.over_90, 0))::bigint as overdue,
           to_char(g.oldest_due_date, 'YYYY-MM-DD') as oldest_due_date
      from profiles p
      left join customer_accounts a on a.profile_id = p.id
      left join aged g on g.profile_id = p.id
     where p.staff_role is null and not p.is_admin and not p.is_super_admin
       and ($1::text is null or p.email ilike $1 or concat_ws(' ', p.nombre, p.apellido) ilike $1 or p.razon_social ilike $1
            or ($1 !~ '[[:alpha:]]' and regexp_replace($1, '\\D', '', 'g') <> '' and p.cuit like '%' || regexp_replace($1, '\\D', '', 'g') || '%'))
  )`;

interface AgingRow extends Omit<ReceivablesRow, 'aging'> {
  al_dia: number;
  d1_30: number;
  d31_60: number;
  d61_90: number;
  over_90: number;
  total: number;
  sum_balance: number;
  sum_overdue: number;
  sum_al_dia: number;
  sum_d1_30: number;
  sum_d31_60: number;
  sum_d61_90: number;
  sum_over_90: number;
  sum_pending_cheques: number;
}

const toRow = (r: AgingRow): ReceivablesRow => ({
  customer_id: r.customer_id,
  name: r.name,
  email: r.email,
  whatsapp: r.whatsapp,
  balance: r.balance,
  overdue: r.overdue,
  credit_limit: r.credit_limit,
  payment_terms_days: r.payment_terms_days,
  aging: { al_dia: r.al_dia, d1_30: r.d1_30, d31_60: r.d31_60, d61_90: r.d61_90, over_90: r.over_90 },
  pending_cheques: r.pending_cheques,
  oldest_due_date: r.oldest_due_date,
});

function listSql(query: ReceivablesQuery, paged: boolean): string {
  const order = `${SORTS[query.sort]} ${query.dir === 'asc' ? 'asc' : 'desc'} nulls last, customer_id`;
  return `${AGING_SQL}
    select c.*, count(*) over ()::int as total,
           sum(balance) over ()::bigint as sum_balance, sum(overdue) over ()::bigint as sum_overdue,
           sum(al_dia) over ()::bigint as sum_al_dia, sum(d1_30) over ()::bigint as sum_d1_30, sum(d31_60) over ()::bigint as sum_d31_60,
           sum(d61_90) over ()::bigint as sum_d61_90, sum(over_90) over ()::bigint as sum_over_90,
           sum(pending_cheques) over ()::bigint as sum_pending_cheques
      from customers c where ${FILTERS[query.filter]}
     order by ${order}${paged ? ' limit $4 offset $5' : ''}`;
}

/** One page of the aging list at `today` (Buenos Aires) and the totals of every customer the filter selects. */
export async function listReceivables(
  db: Queryable,
  query: ReceivablesQuery,
  today: string,
  defaultTerms: number,
): Promise<ReceivablesPage> {
  const search = query.q ? likeContains(query.q) : null;
  const { rows } = await db.query<AgingRow>(listSql(query, true), [
    search,
    today,
    defaultTerms,
    query.page_size,
    (query.page - 1) * query.page_size,
  ]);
  const first = rows[0];
  return {
    items: rows.map(toRow),
    total: first?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
    totals: {
      balance: first?.sum_balance ?? 0,
      overdue: first?.sum_overdue ?? 0,
      pending_cheques: first?.sum_pending_cheques ?? 0,
      aging: {
        al_dia: first?.sum_al_dia ?? 0,
        d1_30: first?.sum_d1_30 ?? 0,
        d31_60: first?.sum_d31_60 ?? 0,
        d61_90: first?.sum_d61_90 ?? 0,
        over_90: first?.sum_over_90 ?? 0,
      },
    },
  };
}

const columns = messages.receivables.agingColumns;

function sheetRow(
  r: ReceivablesRow,
  money: (centavos: number) => string | number,
  text: (value: string) => string,
): (string | number)[] {
  return [
    text(r.name),
    text(r.email),
    money(r.balance),
    money(r.overdue),
    money(r.aging.al_dia),
    money(r.aging.d1_30),
    money(r.aging.d31_60),
    money(r.aging.d61_90),
    money(r.aging.over_90),
    money(r.pending_cheques),
    r.credit_limit === null ? '' : money(r.credit_limit),
    r.payment_terms_days,
  ];
}

async function allRows(db: Queryable, query: ReceivablesQuery, today: string, defaultTerms: number): Promise<ReceivablesRow[]> {
  const search = query.q ? likeContains(query.q) : null;
  const { rows } = await db.query<AgingRow>(listSql(query, false), [search, today, defaultTerms]);
  return rows.map(toRow);
}

/** The aging list as a spreadsheet (every customer the filter selects), amounts as numbers in pesos. */
export async function exportReceivablesXlsx(
  db: Queryable,
  query: ReceivablesQuery,
  today: string,
  defaultTerms: number,
): Promise<Readable> {
  const rows = await allRows(db, query, today, defaultTerms);
  const stream = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Cuentas corrientes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((header, i) => ({
    header,
    width: i < 2 ? 28 : 14,
    ...(i >= 2 && i <= 10 ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      // Text cells of a workbook are never evaluated: names stay as typed.
      for (const r of rows)
        sheet
          .addRow(
            sheetRow(
              r,
              (c) => c / 100,
              (t) => t,
            ),
          )
          .commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return stream;
}

/** The same as CSV (UTF-8 with BOM, `;`, es-AR amounts); text that would start a formula is neutralised. */
export async function exportReceivablesCsv(
  db: Queryable,
  query: ReceivablesQuery,
  today: string,
  defaultTerms: number,
): Promise<Readable> {
  const rows = await allRows(db, query, today, defaultTerms);
  const out = stringify({ delimiter: CSV_SEPARATOR, bom: true, record_delimiter: '\r\n', header: false });
  out.write([...columns]);
  for (const r of rows) out.write(sheetRow(r, formatCsvAmount, neutraliseFormula));
  out.end();
  return out;
}
