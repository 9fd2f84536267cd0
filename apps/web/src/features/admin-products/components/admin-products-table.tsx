import { pricing } from '@mayorista/core/messages/pricing';
import { products as productsTexts } from '@mayorista/core/messages/products';
import type { Product } from '@mayorista/core/schemas/product';
import { useWindowRows } from '../../../lib/hooks/use-window-rows';
import { AdminProductRow, type AdminProductRowActions } from './admin-product-row';

/** A table row's usual height (two lines of name and category): the first guess for rows not yet measured. */
const ADMIN_ROW_ESTIMATE_PX = 57;

const t = productsTexts.admin;

const COLUMNS = [
  { label: t.columnName, numeric: false },
  { label: t.columnPrice, numeric: true },
  { label: t.columnRetailPrice, numeric: true },
  { label: t.columnStock, numeric: true },
  { label: t.columnVisible, numeric: false },
  { label: t.columnActions, numeric: false },
];

function Spacer({ height }: { height: number }) {
  return height > 0 ? (
    <tr aria-hidden="true">
      <td colSpan={COLUMNS.length + 1} style={{ height, padding: 0 }} />
    </tr>
  ) : null;
}

/** Every product loaded so far, one row each; only the rows near the screen are in the DOM. */
export function AdminProductsTable({ items, actions }: { items: Product[]; actions: AdminProductRowActions }) {
  const table = useWindowRows<HTMLTableSectionElement>(items.length, ADMIN_ROW_ESTIMATE_PX);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-rowcount={items.length + 1} className="w-full min-w-[640px] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="w-10 px-3 py-2 font-semibold">
              <span className="sr-only">{pricing.admin.selectColumn}</span>
            </th>
            {COLUMNS.map(({ label, numeric }) => (
              <th key={label} scope="col" className={numeric ? 'px-3 py-2 text-right font-semibold' : 'px-3 py-2 font-semibold'}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={table.listRef} className="divide-y divide-slate-200">
          {/* Only the rows near the screen are in the DOM (the catalogue-at-scale work, decision 008): spacers keep the rest's height. */}
          <Spacer height={table.before} />
          {table.rows.map(({ index, key }) => (
            <AdminProductRow key={key} product={items[index]!} index={index} measure={table.measure} actions={actions} />
          ))}
          <Spacer height={table.after} />
        </tbody>
      </table>
    </div>
  );
}
