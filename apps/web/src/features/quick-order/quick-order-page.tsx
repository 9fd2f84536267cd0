import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { quickOrder } from '@mayorista/core/messages/quickOrder';
import { formatMoney } from '@mayorista/core/money';
import { priceLine } from '@mayorista/core/pricing';
import { parseQuickOrder, type ParsedQuickOrder } from '@mayorista/core/quick-order';
import { QUICK_ORDER_MAX_LINES, type CartLinesResponse } from '@mayorista/core/schemas/cart';
import { Button, buttonVariants } from '../../components/ui/button';
import { IssuesList } from '../../components/ui/issues-list';
import { toast } from '../../components/ui/toast-store';
import { apiRequest } from '../../lib/api-client';
import { useCart } from '../../lib/cart';
import { toQuickOrderBody } from './quick-order-body';

const t = quickOrder;

interface Review {
  parsed: ParsedQuickOrder;
  answer: CartLinesResponse;
}

type Busy = 'review' | 'add' | null;

const postLines = (parsed: ParsedQuickOrder, preview: boolean) =>
  apiRequest<CartLinesResponse>('/api/cart/lines', {
    method: 'POST',
    body: toQuickOrderBody(parsed, preview),
  });

/**
 * The pasted text, its review (what matched at today's prices, what is unknown or breaks a rule)
 * and adding every valid line in one request.
 */
function useQuickOrder() {
  const cart = useCart();
  const [text, setText] = useState('');
  const [review, setReview] = useState<Review | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  const runReview = async (source: string) => {
    setError(null);
    setReview(null);
    const parsed = parseQuickOrder(source);
    if (parsed.lines.length === 0) return setError(t.nothingToReview);
    if (parsed.lines.length > QUICK_ORDER_MAX_LINES) return setError(t.tooManyLines(QUICK_ORDER_MAX_LINES));
    setBusy('review');
    try {
      setReview({ parsed, answer: await postLines(parsed, true) });
    } catch (e) {
      setError(e instanceof Error ? e.message : t.error);
    } finally {
      setBusy(null);
    }
  };

  const addAll = async () => {
    if (!review) return;
    setBusy('add');
    try {
      // A change still waiting for the cart's debounce is saved first, so the server adds to it.
      await cart.flushSave();
      const answer = await postLines(review.parsed, false);
      cart.reload();
      toast({ title: t.addedTitle, description: t.addedText(answer.added.length) });
      setReview({ parsed: review.parsed, answer: { ...answer, added: [] } });
      if (answer.problems.length === 0 && answer.unknown.length === 0) setText('');
    } catch (e) {
      setError(e instanceof Error ? e.message : t.error);
    } finally {
      setBusy(null);
    }
  };

  return { text, setText, review, busy, error, runReview, addAll };
}

/** The lines that matched a product, each at today's price for its quantity, and "Agregar N al carrito". */
function MatchedLines({ review, busy, onAddAll }: { review: Review; busy: Busy; onAddAll: () => void }) {
  const byId = new Map(review.answer.products.map((p) => [p.id, p]));
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">{t.matchedTitle(review.answer.added.length)}</h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="quick-order-matched">
        {review.answer.added.map((line) => {
          const product = byId.get(line.product_id);
          const price = product ? priceLine(product, line.quantity, 'wholesale') : null;
          return (
            <li key={line.product_id} className="flex items-baseline justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{line.name}</span> <span className="text-slate-600">({line.sku})</span>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                {line.quantity} × {price ? formatMoney(price.unitPrice) : '—'}
                {price ? <span className="block font-semibold">{formatMoney(price.lineTotal)}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
      <Button onClick={onAddAll} disabled={busy !== null}>
        {busy === 'add' ? t.adding : t.addAll(review.answer.added.length)}
      </Button>
    </div>
  );
}

/** What the review found: the matched lines (or the way to the cart once added), problems, unknown codes, unreadable lines. */
function ReviewResult({ review, busy, onAddAll }: { review: Review; busy: Busy; onAddAll: () => void }) {
  return (
    <div className="space-y-4" aria-live="polite">
      {review.answer.added.length > 0 ? (
        <MatchedLines review={review} busy={busy} onAddAll={onAddAll} />
      ) : (
        <Link to="/cart" className={buttonVariants({ variant: 'secondary' })}>
          {t.goToCart}
        </Link>
      )}
      <IssuesList
        title={t.problemsTitle}
        testId="quick-order-problems"
        items={review.answer.problems.map((p) => `${p.sku}: ${p.message}`)}
      />
      <IssuesList title={t.unknownTitle} testId="quick-order-unknown" items={review.answer.unknown} />
      <IssuesList
        title={t.unreadableTitle}
        testId="quick-order-unreadable"
        items={review.parsed.unreadable.map((u) => t.unreadableLine(u.line, u.text))}
      />
    </div>
  );
}

/**
 * /pedido-rapido (the wholesale-ordering work, decision 016): paste lines or upload a CSV, review what matched (with today's
 * prices), what is unknown and what breaks a rule, then add every valid line in one request.
 */
export default function QuickOrderPage() {
  const textId = useId();
  const { text, setText, review, busy, error, runReview, addAll } = useQuickOrder();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    await runReview(content);
  };

  return (
    <section aria-labelledby="quick-order-title" className="mx-auto w-full max-w-4xl space-y-4 px-4 py-6">
      <h1 id="quick-order-title" className="text-2xl font-bold text-slate-900">
        {t.title}
      </h1>
      <p className="text-slate-700">{t.intro}</p>
      <div>
        <label htmlFor={textId} className="block text-sm font-medium text-slate-900">
          {t.textLabel}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          spellCheck={false}
          className="mt-1 w-full rounded-md border border-slate-400 p-2 font-mono text-base"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void runReview(text)} disabled={busy !== null}>
          {busy === 'review' ? t.reviewing : t.review}
        </Button>
        <label className={buttonVariants({ variant: 'secondary', className: 'cursor-pointer' })}>
          {t.fileLabel}
          <input type="file" accept=".csv,.txt,text/csv,text/plain" className="sr-only" onChange={(e) => void onFile(e)} />
        </label>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}

      {review ? <ReviewResult review={review} busy={busy} onAddAll={() => void addAll()} /> : null}
    </section>
  );
}
