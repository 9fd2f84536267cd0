import { Link } from 'react-router';
import { products } from '@mayorista/core/messages/products';
import { buttonVariants } from '../../../components/ui/button';

const t = products.catalog;

/** Why a visitor or an unapproved customer sees retail prices and no cart, and what to do about it. */
export function PricingNotice({ signedIn }: { signedIn: boolean }) {
  return (
    <div role="note" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-800">
      {signedIn ? (
        <p>{t.pendingNotice}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>{t.visitorNotice}</p>
          <div className="flex shrink-0 gap-2">
            <Link
              to="/login"
              state={{ from: { pathname: '/catalog' } }}
              className={buttonVariants({ variant: 'primary', size: 'sm' })}
            >
              {t.signIn}
            </Link>
            <Link to="/register" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {t.register}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

/** Which basis the catalogue's prices are: with IVA or + IVA, and how the cart shows them. */
export function IvaBasisNote({ text }: { text: string }) {
  return (
    <p className="text-xs text-slate-600 sm:text-sm" data-testid="catalog-iva-note">
      {text}
    </p>
  );
}
