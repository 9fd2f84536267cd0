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

/** An order a payment may be applied to first ("Aplicar a"): the office's from its ledger page, the rep's from their route. */
export type { ChargeChoice } from '@mayorista/core/schemas/receivables';
