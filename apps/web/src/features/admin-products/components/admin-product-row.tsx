import { pricing } from '@mayorista/core/messages/pricing';
import { products as productsTexts } from '@mayorista/core/messages/products';
import { formatMoney } from '@mayorista/core/money';
import type { Product } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';

const t = productsTexts.admin;

export interface AdminProductRowActions {
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  /** The product whose visibility is being changed right now (its switch waits). */
  togglingId: string | null;
  onToggle: (product: Product, enabled: boolean) => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** "Visible" as a switch: the track stays 28 px; the button around it is the 44 px a finger hits. */
function VisibleSwitch({
  product,
  busy,
  onToggle,
}: {
  product: Product;
  busy: boolean;
  onToggle: AdminProductRowActions['onToggle'];
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={product.is_enabled}
      aria-label={t.visibleToggle(product.name)}
      disabled={busy}
      onClick={() => onToggle(product, !product.is_enabled)}
      className="group inline-flex min-h-11 min-w-12 shrink-0 items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className="inline-flex h-7 w-12 items-center rounded-full bg-slate-300 transition-colors group-aria-checked:bg-brand-700"
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${product.is_enabled ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </span>
    </button>
  );
}

/** Name, sale badge and category: the row's header cell. */
function NameCell({ product }: { product: Product }) {
  return (
    <th scope="row" className="px-3 py-2 font-medium text-slate-900">
      {product.name}
      {product.on_sale ? (
        <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{t.saleBadge}</span>
      ) : null}
      {product.category ? <span className="block text-xs font-normal text-slate-600">{product.category}</span> : null}
    </th>
  );
}

/** One product of the admin table: select box, name, prices, stock, visible switch, edit and delete. */
export function AdminProductRow({
  product,
  index,
  measure,
  actions,
}: {
  product: Product;
  index: number;
  /** The window's measuring callback (use-window-rows): rows are measured as they render. */
  measure: (node: Element | null) => void;
  actions: AdminProductRowActions;
}) {
  return (
    <tr
      data-index={index}
      ref={measure}
      aria-rowindex={index + 2}
      className={product.is_enabled ? undefined : 'bg-slate-50 text-slate-600'}
    >
      <td className="px-1 py-0">
        {/* A 44 px square around the box: what a finger hits. */}
        <label className="flex size-11 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            aria-label={pricing.admin.selectProduct(product.name)}
            checked={actions.selected.has(product.id)}
            onChange={(e) => actions.onSelect(product.id, e.target.checked)}
          />
        </label>
      </td>
      <NameCell product={product} />
      <td className="px-3 py-2 text-right whitespace-nowrap">
        {formatMoney(product.on_sale && product.sale_price !== null ? product.sale_price : product.price)}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(product.retail_price)}</td>
      <td className="px-3 py-2 text-right">{product.has_unlimited_stock ? t.unlimitedStock : product.stock}</td>
      <td className="px-3 py-2">
        <VisibleSwitch product={product} busy={actions.togglingId === product.id} onToggle={actions.onToggle} />
      </td>
      <td className="px-3 py-2">
        <div className="flex gap-1">
          <Button variant="secondary" size="sm" aria-label={t.editNamed(product.name)} onClick={() => actions.onEdit(product)}>
            {t.edit}
          </Button>
          <Button
            variant="ghostDanger"
            size="sm"
            aria-label={t.deleteNamed(product.name)}
            onClick={() => actions.onDelete(product)}
          >
            {t.delete}
          </Button>
        </div>
      </td>
    </tr>
  );
}
