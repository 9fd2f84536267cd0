import { products } from '@mayorista/core/messages/products';
import { productPage as p } from '@mayorista/core/messages/productPage';
import { formatMoney } from '@mayorista/core/money';
import { priceLine, tierLadder, type CustomerKind } from '@mayorista/core/pricing';
import { productPath, whatsAppShareUrl } from '@mayorista/core/product-slug';
import { largestQuantity, quantityProblemText, quantityRuleHints, type QuantityProblem } from '@mayorista/core/quantity-rules';
import type { CatalogueProduct, Product } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { QuantitySelector } from './quantity-selector';
import { useQuantityDraft, wholesaleOf, type ProductViewProps } from './product-view';

const t = products.catalog;

export type ProductDetailsProps = ProductViewProps;

function PriceBlock({ product, kind, quantity }: { product: CatalogueProduct; kind: CustomerKind; quantity: number }) {
  const wholesale = wholesaleOf(product, kind);
  const single = wholesale ? priceLine(wholesale, 1, 'wholesale') : priceLine(product, 1, 'retail');
  const selected = wholesale ? priceLine(wholesale, quantity, 'wholesale') : null;
  const ladder = wholesale ? tierLadder(wholesale) : [];
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        {single.applied === 'sale' ? (
          <>
            <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase">
              {t.saleBadge}
            </span>
            <s className="text-slate-600">
              <span className="sr-only">{t.previousPrice} </span>
              {formatMoney(single.basePrice)}
            </s>
          </>
        ) : null}
        <span className="text-3xl font-bold text-slate-900" data-testid="unit-price">
          <span className="sr-only">{t.currentPrice} </span>
          {formatMoney(single.unitPrice)}
        </span>
        <span className="text-slate-600">{t.perUnit}</span>
      </p>
      {ladder.length > 0 ? (
        <ul aria-label={t.tiersLabel} className="space-y-0.5 text-brand-900">
          {ladder.map((step) => (
            <li key={step.minQuantity}>{t.tierStep(step.minQuantity, formatMoney(step.unitPrice))}</li>
          ))}
        </ul>
      ) : null}
      {selected?.nextTier ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          {t.nextTierHint(selected.nextTier.missing, formatMoney(selected.nextTier.unitPrice))}
        </p>
      ) : null}
    </div>
  );
}

function stockText(product: CatalogueProduct): { text: string; soldOut: boolean } {
  if (product.has_unlimited_stock) return { text: p.unlimitedStock, soldOut: false };
  if (product.stock <= 0) return { text: t.outOfStock, soldOut: true };
  return { text: p.inStock(product.stock), soldOut: false };
}

/** The quantity (same rules as the card: core/quantity-rules.ts) and "Agregar al carrito". */
function OrderBox({
  product,
  onAddToCart,
  draft,
  setDraft,
  typed,
  problem,
}: {
  product: Product;
  onAddToCart: NonNullable<ProductDetailsProps['onAddToCart']>;
  draft: string;
  setDraft: (v: string) => void;
  typed: number;
  problem: QuantityProblem | null;
}) {
  const problemId = `product-page-${product.id}-problem`;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <QuantitySelector
        value={draft}
        onChange={setDraft}
        rules={product}
        max={largestQuantity(product)}
        onSubmit={() => onAddToCart(product, typed)}
        productName={product.name}
        describedBy={problem ? problemId : undefined}
      />
      <p
        id={problemId}
        aria-live="polite"
        className="text-sm font-medium text-red-800 empty:hidden"
        data-testid="quantity-problem"
      >
        {problem ? quantityProblemText(problem, product.name) : null}
      </p>
      <Button className="w-full" onClick={() => onAddToCart(product, typed)}>
        {t.addToCart}
      </Button>
    </div>
  );
}

/** Everything but the images: prices for the viewer's kind, rules, stock, ordering, sharing, description. */
export function ProductDetails({ product, kind, onAddToCart }: ProductDetailsProps) {
  const { draft, setDraft, typed, quantity, problem } = useQuantityDraft(product);
  const hints = quantityRuleHints(product);
  const stock = stockText(product);
  const wholesale = wholesaleOf(product, kind);
  const shareUrl = whatsAppShareUrl(product.name, `${window.location.origin}${productPath(product)}`);
  const codes = [
    product.sku ? `${p.sku} ${product.sku}` : null,
    product.barcode ? `${p.barcode} ${product.barcode}` : null,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      {codes.length > 0 ? <p className="text-sm text-slate-700">{codes.join(' · ')}</p> : null}
      <PriceBlock product={product} kind={kind} quantity={quantity} />
      {hints.length > 0 ? (
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{p.rules}</h2>
          <p className="mt-1 flex flex-wrap gap-1 text-sm font-semibold text-slate-800" data-testid="quantity-rules">
            {hints.map((hint) => (
              <span key={hint} className="rounded bg-slate-100 px-2 py-0.5">
                {hint}
              </span>
            ))}
          </p>
        </div>
      ) : null}
      <p className={stock.soldOut ? 'font-semibold text-red-700' : 'text-slate-800'} data-testid="product-stock">
        <span className="font-semibold">{p.stock}:</span> {stock.text}
      </p>
      {onAddToCart && wholesale && !stock.soldOut ? (
        <OrderBox product={wholesale} onAddToCart={onAddToCart} draft={draft} setDraft={setDraft} typed={typed} problem={problem} />
      ) : null}
      <a
        href={shareUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={p.shareWhatsAppLabel(product.name)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-green-700 px-4 py-2 text-sm font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        data-testid="share-whatsapp"
      >
        {p.shareWhatsApp}
      </a>
      {product.description ? (
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{p.description}</h2>
          <p className="mt-1 whitespace-pre-line text-slate-800">{product.description}</p>
        </div>
      ) : null}
    </div>
  );
}
