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
