import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatShortDateTime } from '@mayorista/core/date-time';
import { orderNumber } from '@mayorista/core/constants';
import { offline } from '@mayorista/core/messages/offline';
import { formatMoney } from '@mayorista/core/money';
import { Button, buttonVariants } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from '../../lib/auth';
import { useCart } from '../../lib/cart';
import { fetchCartProducts } from '../../lib/cart/cart-api';
import { useOfflineState } from '../../lib/offline/offline-state';
import { confirmQueued, discardQueued, sendQueue } from '../../lib/offline/queue';
import type { QueuedOrder } from '../../lib/offline/queue-model';

const STATUS_TEXT: Record<QueuedOrder['status'], string> = {
  pending: offline.pending,
  sending: offline.sending,
  changed: offline.toReview,
  refused: offline.refusedStatus,
  needs_sign_in: offline.pending,
  placed: offline.placed,
};

/**
 * The queue on /cart (decision 044): every order kept on this device until it is placed or the
 * person discards it — pending, being sent, stopped on a change (with the differences and
 * "Confirmar y enviar"), refused (with the server's reason), or placed (with its WhatsApp link).
 */
export function OrderQueue() {
  const { queue, online } = useOfflineState();
  if (queue.length === 0) return null;
  return (
    <section aria-labelledby="order-queue-title" className="rounded-lg border border-slate-300 bg-white p-4" data-testid="order-queue">
      <h2 id="order-queue-title" className="text-lg font-semibold">
        {offline.queueHeading}
      </h2>
      <ul className="mt-2 space-y-3">
        {queue.map((entry) => (
          <QueueEntry key={entry.id} entry={entry} online={online} />
        ))}
      </ul>
    </section>
  );
}

function QueueEntry({ entry, online }: { entry: QueuedOrder; online: boolean }) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const editInCart = () =>
    run(async () => {
      const products = await fetchCartProducts(entry.items.map((l) => l.product_id));
      const byId = new Map(products.map((p) => [p.id, p]));
      for (const line of entry.items) {
        const product = byId.get(line.product_id);
        if (product) cart.addItem(product, line.quantity);
      }
      await discardQueued(entry.id);
    }).catch((error: unknown) => toast({ title: offline.refused((error as Error).message), variant: 'destructive' }));
  const discard = () => {
    // A request that left without an answer may have placed the order: say so before forgetting it.
    const question = entry.sentBody ? offline.discardConfirmMaybeArrived : offline.discardConfirm;
    if (entry.status !== 'placed' && !window.confirm(question)) return;
    void run(() => discardQueued(entry.id));
  };

  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="queued-order" data-status={entry.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          <span className={entry.status === 'placed' ? 'text-green-800' : entry.status === 'changed' ? 'text-red-800' : 'text-amber-900'}>
            {STATUS_TEXT[entry.status]}
          </span>
          {entry.placed ? ` · ${orderNumber(entry.placed.orderId)}` : null}
        </p>
        <p className="tabular-nums font-semibold">{formatMoney(entry.placed?.total ?? entry.total)}</p>
      </div>
      <p className="text-xs text-slate-600">{offline.queuedAt(formatShortDateTime(entry.createdAt))}</p>
      <ul className="mt-1 text-sm text-slate-800">
        {entry.items.map((line) => (
          <li key={line.product_id}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>

      {entry.status === 'needs_sign_in' ? <p className="mt-2 text-sm text-red-800" role="alert">{offline.needsSignIn}</p> : null}
      {entry.status === 'refused' ? <p className="mt-2 text-sm text-red-800" role="alert">{offline.refused(entry.message ?? '')}</p> : null}
      {entry.status === 'changed' ? <Changes entry={entry} /> : null}

      <div className="mt-2 flex flex-wrap gap-2">
        {entry.status === 'needs_sign_in' ? <SignInAgain /> : null}
        {entry.status === 'changed' && entry.confirmable ? (
          <Button size="sm" onClick={() => void run(() => confirmQueued(entry.id))} disabled={busy || !online}>
            {offline.confirmSend}
          </Button>
        ) : null}
        {entry.status === 'pending' && online ? (
          <Button size="sm" variant="secondary" onClick={() => void run(() => sendQueue())} disabled={busy}>
            {offline.sendNow}
          </Button>
        ) : null}
        {entry.status === 'changed' || entry.status === 'refused' ? (
          <Button size="sm" variant="secondary" onClick={() => void editInCart()} disabled={busy || !online}>
            {offline.editInCart}
          </Button>
        ) : null}
        {entry.placed ? (
          <a href={entry.placed.whatsappUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'primary', size: 'sm' })}>
            {offline.openWhatsapp}
          </a>
        ) : null}
        {entry.status !== 'sending' ? (
          <Button size="sm" variant={entry.status === 'placed' ? 'ghost' : 'ghostDanger'} onClick={discard} disabled={busy}>
            {entry.status === 'placed' ? offline.close : offline.discard}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The session ended while the order waited: this device forgets it and opens the sign-in page;
 * the queue stays, and goes out once the same customer is signed in again (decision 044).
 */
function SignInAgain() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      size="sm"
      onClick={() => {
        void signOut('local').then(() => navigate('/login', { state: { from: { pathname: '/cart' } } }));
      }}
    >
      {offline.signInAgain}
    </Button>
  );
}

/** What changed since the order was queued, and the totals before and now. */
function Changes({ entry }: { entry: QueuedOrder }) {
  return (
    <div className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950" role="alert" data-testid="queued-changes">
      <p className="font-semibold">{offline.changedTitle}</p>
      <p>{entry.message ?? offline.changedText}</p>
      {entry.changes && entry.changes.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {entry.changes.map((change) => (
            <li key={`${change.kind}-${change.product_id}`}>
              {change.kind === 'price'
                ? offline.priceChanged(change.name, formatMoney(change.before ?? 0), formatMoney(change.after ?? 0))
                : change.kind === 'gone'
                  ? offline.productGone(change.name)
                  : offline.quantityProblem(change.name, change.text ?? '')}
            </li>
          ))}
        </ul>
      ) : null}
      {entry.newTotal !== undefined ? (
        <dl className="mt-2 grid grid-cols-[auto_auto] justify-start gap-x-3">
          <dt>{offline.totalBefore}</dt>
          <dd className="tabular-nums" data-testid="queued-total-before">{formatMoney(entry.total)}</dd>
          <dt className="font-semibold">{offline.totalNow}</dt>
          <dd className="tabular-nums font-semibold" data-testid="queued-total-now">{formatMoney(entry.newTotal)}</dd>
        </dl>
      ) : null}
    </div>
  );
}
