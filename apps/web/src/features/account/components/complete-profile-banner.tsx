import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { account as text } from '@mayorista/core/messages/account';
import { meQueryOptions } from '../api/account-api';

const DISMISSED_KEY = 'mayorista:completar-datos-descartado';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Accounts from before the business-identity work (decisions 017–019) (or signed up by an older client) lack business data. A banner
 * asks them to complete it in Mi cuenta on their next visit, without blocking anything: the
 * session, the cart and the page they are on stay as they were (docs/decisions/017). "Ahora no"
 * hides it for the rest of the browser session.
 */
export function CompleteProfileBanner() {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const me = useQuery({ ...meQueryOptions(), enabled: !dismissed });
  if (dismissed || pathname === '/mi-cuenta' || !me.data || me.data.missing_business_fields.length === 0) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: hidden for this page view only.
    }
    setDismissed(true);
  };
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-3 py-3 text-amber-950 sm:flex-row sm:items-center sm:justify-between md:px-4">
        <div>
          <p className="font-semibold">{text.completeTitle}</p>
          <p className="text-sm">{text.completeText}</p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <Link
            to="/mi-cuenta"
            className="inline-flex min-h-11 items-center rounded-md bg-amber-900 px-4 text-sm font-medium text-white hover:bg-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900"
          >
            {text.completeLink}
          </Link>
          <button type="button" onClick={dismiss} className="min-h-11 px-2 text-sm font-medium text-amber-950 underline underline-offset-2">
            {text.completeDismiss}
          </button>
        </div>
      </div>
    </div>
  );
}

export default CompleteProfileBanner;
