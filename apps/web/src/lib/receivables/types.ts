/**
 * The cuenta corriente's answers as the web reads them. Provisional: replaced by the contract's
 * types (core/schemas/receivables) once the server's branch is merged.
 */
export interface AccountSummary {
  /** Centavos the customer owes; negative = a favor. */
  balance: number;
  credit_limit: number | null;
  /** null without a limit. */
  available_credit: number | null;
  overdue: number;
  next_due: { date: string; amount: number } | null;
  payment_terms_days: number;
}

export type MovementKind = 'charge' | 'payment' | 'credit_note' | 'adjustment' | 'reversal';

export interface AccountMovement {
  id: string;
  kind: MovementKind;
  /** Signed centavos: a charge adds to the balance, a payment subtracts. */
  amount: number;
  balance_after: number;
  due_date: string | null;
  order_id: string | null;
  payment_id: string | null;
  receipt_number: string | null;
  method: string | null;
  reason: string | null;
  actor_name: string | null;
  created_at: string;
}

export interface MovementsPage {
  items: AccountMovement[];
  total: number;
  page: number;
  page_size: number;
}
