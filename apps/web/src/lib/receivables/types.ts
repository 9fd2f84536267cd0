/** The cuenta corriente's answers as the web reads them: the contract's types (type-only, so zod stays out of the bundle). */
export type {
  AccountSummary,
  AccountMovement,
  AccountMovementKind,
  AccountMovementsPage as MovementsPage,
  Payment,
  PaymentMethod,
  ReceivablesPage,
  ReceivablesRow,
  Aging,
} from '@mayorista/core/schemas/receivables';

/** An order a payment may be applied to first: a charge of the ledger's latest page. */
export interface ChargeChoice {
  order_id: string;
  amount: number;
  due_date: string | null;
}
