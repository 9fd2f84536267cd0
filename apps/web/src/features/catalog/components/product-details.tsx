import { products } from '@mayorista/core/messages/products';
import { productPage as p } from '@mayorista/core/messages/productPage';
import { formatMoney } from '@mayorista/core/money';
import { priceLine, tierLadder, type CustomerKind } from '@mayorista/core/pricing';
import { productPath, whatsAppShareUrl } from '@mayorista/core/product-slug';
import { quantityRuleHints } from '@mayorista/core/quantity-rules';
import type { CatalogueProduct } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { OrderQuantity, QuantityProblemLine } from './order-quantity';
import { NextTierHint, RuleHints, SaleBadge, TierLadder } from './price-parts';
import { useProductOrder, wholesaleOf, type ProductOrder, type ProductViewProps } from './product-view';

const t = products.catalog;

export type ProductDetailsProps = ProductViewProps;

function PriceBlock({ product, kind, quantity }: { product: CatalogueProduct; kind: CustomerKind; quantity: number }) {
  const wholesale = wholesaleOf(product, kind);
  const single = wholesale ? priceLine(wholesale, 1, 'wholesale') : priceLine(product, 1, 'retail');
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        {single.applied === 'sale' ? (
          <>
            <SaleBadge />
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
      <TierLadder ladder={wholesale ? tierLadder(wholesale) : []} />
      <NextTierHint price={wholesale ? priceLine(wholesale, quantity, 'wholesale') : null} />
    </div>
  );
}

function stockText(product: CatalogueProduct): { text: string; soldOut: boolean } {
  if (product.has_unlimited_stock) return { text: p.unlimitedStock, soldOut: false };
  if (product.stock <= 0) return { text: t.outOfStock, soldOut: true };
  return { text: p.inStock(product.stock), soldOut: false };
}

/** The quantity (same rules as the card: core/quantity-rules.ts) and "Agregar al carrito". */
function OrderBox({ order, product }: { order: ProductOrder; product: CatalogueProduct }) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <OrderQuantity order={order} product={product} />
      <QuantityProblemLine order={order} product={product} />
      <Button className="w-full" onClick={() => order.add()}>
        {t.addToCart}
      </Button>
    </div>
  );
}

/** Everything but the images: prices for the viewer's kind, rules, stock, ordering, sharing, description. */
export function ProductDetails({ product, kind, onAddToCart }: ProductDetailsProps) {
  const order = useProductOrder(product, kind, onAddToCart, 'product-page');
  const hints = quantityRuleHints(product);
  const stock = stockText(product);
  const shareUrl = whatsAppShareUrl(product.name, `${window.location.origin}${productPath(product)}`);
  const codes = [
    product.sku ? `${p.sku} ${product.sku}` : null,
    product.barcode ? `${p.barcode} ${product.barcode}` : null,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      {codes.length > 0 ? <p className="text-sm text-slate-700">{codes.join(' · ')}</p> : null}
      <PriceBlock product={product} kind={kind} quantity={order.quantity} />
      {hints.length > 0 ? (
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{p.rules}</h2>
          <RuleHints hints={hints} large />
        </div>
      ) : null}
      <p className={stock.soldOut ? 'font-semibold text-red-700' : 'text-slate-800'} data-testid="product-stock">
        <span className="font-semibold">{p.stock}:</span> {stock.text}
      </p>
      {order.canOrder && !stock.soldOut ? <OrderBox order={order} product={product} /> : null}
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
