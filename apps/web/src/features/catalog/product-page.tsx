import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { products } from '@mayorista/core/messages/products';
import { favorites as favoriteTexts, productPage as t } from '@mayorista/core/messages/productPage';
import type { CustomerKind } from '@mayorista/core/pricing';
import type { Product, ProductPage as ProductPageData } from '@mayorista/core/schemas/product';
import { FavoriteStar } from '../../components/favorite-star';
import { buttonVariants } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { isApiError } from '../../lib/api-client';
import { isApproved, useAuth } from '../../lib/auth';
import { useCart } from '../../lib/cart/use-cart';
import { useFavorites } from '../../lib/queries/favorites';
import { productPageQueryOptions } from '../../lib/queries/products';
import { IvaBasisNote, PricingNotice } from './components/pricing-notice';
import { catalogueIvaNote } from '@mayorista/core/iva';
import { ProductDetails } from './components/product-details';
import { ProductGallery } from './components/product-gallery';

/**
 * /catalogo/:slug (the wholesale-ordering work, decision 016), no route guard like /catalog: visitors and unapproved
 * customers get the retail view (the API sends nothing else, the abuse-limits work (decision 010)); approved customers their
 * prices, the cart and the favourites star.
 */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const { user, profile, loading } = useAuth();
  const kind: CustomerKind = isApproved(profile) ? 'wholesale' : 'retail';
  const query = useQuery({ ...productPageQueryOptions(slug, kind), enabled: !loading });
  useCanonicalAddress(slug, kind, query.data);
  useDocumentTitle(query.data?.product.name);

  if (loading || query.isPending) return <Spinner label={t.loading} className="min-h-dvh" paused={query.fetchStatus === 'paused'} />;
  if (query.isError) {
    return (
      <section className="mx-auto w-full max-w-xl px-4 py-12">
        {isApiError(query.error) && query.error.status === 404 ? (
          <NotFound />
        ) : (
          <LoadError
            title={t.errorTitle}
            detail={t.errorText}
            retryLabel={t.retry}
            onRetry={() => void query.refetch()}
            replacesPage
          />
        )}
      </section>
    );
  }
  const { product, images } = query.data;
  return (
    <article aria-labelledby="product-title" className="mx-auto w-full max-w-6xl space-y-4 px-3 py-4 md:px-4 md:py-6">
      <nav aria-label={t.breadcrumb}>
        <Link to="/catalog" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline">
          ← {t.backToCatalog}
        </Link>
      </nav>
      {kind === 'retail' ? <PricingNotice signedIn={!!user} /> : null}
      <div className={images.length > 0 ? 'grid gap-6 md:grid-cols-2' : 'max-w-2xl'}>
        <ProductGallery images={images} productName={product.name} />
        <div className="space-y-3">
          {product.category ? (
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{product.category}</p>
          ) : null}
          <div className="flex items-start justify-between gap-2">
            <h1 id="product-title" className="text-2xl leading-tight font-bold text-slate-900">
              {product.name}
            </h1>
            {kind === 'wholesale' ? <Star productId={product.id} productName={product.name} /> : null}
          </div>
          {kind === 'wholesale' ? (
            <OrderingDetails product={product as Product} />
          ) : (
            <ProductDetails product={product} kind={kind} />
          )}
        </div>
      </div>
    </article>
  );
}

/** Only approved customers mount the cart, as in the catalogue. */
function OrderingDetails({ product }: { product: Product }) {
  const { addItem, iva, status } = useCart();
  const onAddToCart = useCallback((p: Product, quantity: number) => addItem(p, quantity), [addItem]);
  return (
    <>
      <ProductDetails product={product} kind="wholesale" onAddToCart={onAddToCart} />
      {/* Which basis the prices are, as in the catalogue (decision 066), once the cart has said it. */}
      {status === 'ready' ? <IvaBasisNote text={catalogueIvaNote(iva.pricesIncludeIva, iva.itemised)} /> : null}
    </>
  );
}

function Star({ productId, productName }: { productId: string; productName: string }) {
  const { ids, toggle } = useFavorites(true);
  return (
    <FavoriteStar
      productName={productName}
      starred={ids.has(productId)}
      onToggle={(starred) =>
        toggle.mutate(
          { productId, starred },
          {
            onError: () =>
              toast({ title: products.errorTitle, description: favoriteTexts.saveError, variant: 'destructive' }),
          },
        )
      }
      className="-mt-1 -mr-2"
    />
  );
}

function NotFound() {
  return (
    <div className="space-y-3 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t.notFoundTitle}</h1>
      <p className="text-slate-700">{t.notFoundText}</p>
      <Link to="/catalog" className={buttonVariants({ className: 'mt-2' })}>
        {t.backToCatalog}
      </Link>
    </div>
  );
}

/**
 * An old address (renamed product, bare id) is replaced by the current one without a reload or a
 * second request: the answer is stored under the new address first.
 */
function useCanonicalAddress(slug: string, kind: CustomerKind, data: ProductPageData | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!data || data.slug === slug) return;
    queryClient.setQueryData(productPageQueryOptions(data.slug, kind).queryKey, data);
    void navigate(`/catalogo/${data.slug}`, { replace: true });
  }, [data, slug, kind, navigate, queryClient]);
}

function useDocumentTitle(name: string | undefined) {
  useEffect(() => {
    if (!name) return;
    const previous = document.title;
    document.title = t.documentTitle(name);
    return () => {
      document.title = previous;
    };
  }, [name]);
}
