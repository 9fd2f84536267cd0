import { NavLink } from 'react-router';
import { formatMoney } from '@mayorista/core/money';
import { cart as cartTexts } from '@mayorista/core/messages/cart';
import { cn } from '../../../lib/cn';
import { useCart } from '../../../lib/cart/use-cart';

/** the screens and routes: the cart link with the item-count badge and the cart total, for approved users. */
export function CartNavLink({ className }: { className?: string }) {
  const { count, total } = useCart();
  const formattedTotal = formatMoney(total);
  return (
    <NavLink
      to="/cart"
      aria-label={cartTexts.navLabel(count, formattedTotal)}
      className={({ isActive }) =>
        cn(
          'relative flex min-h-11 shrink-0 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-slate-100',
          isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-800',
          className,
        )
      }
    >
      <span className="relative inline-flex">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
          <path d="M2 3h3l2.4 12.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.6L21 7H6" />
        </svg>
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-2 -right-2 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      </span>
      {/* Below 420 px a count-only pill (decision 033): the total is in the link's name and on /cart. */}
      <span aria-hidden="true" data-testid="cart-total" className="hidden tabular-nums min-[420px]:inline">
        {formattedTotal}
      </span>
    </NavLink>
  );
}
