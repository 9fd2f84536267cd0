// The receivables module's public surface (the cuenta corriente, decisions 037–039): the customer
// account ledger and its open items, payments and receipts, and their reads. Work that also touches
// orders, stock or e-mails (deliver, pay, reverse, credit note, credit holds) is in src/flows.
export { lockAccount, updateCreditSettings, type AccountRow } from './receivables.ledger';
export { customerEmailOf, findPaymentIdByKey, findPaymentOwner as paymentOwner, paymentIdOf, readPayment } from './receivables.payments';
export {
  isChargedOrderOf,
  listAccountMovements,
  lockCreditPosition,
  readAccountHolder,
  readAccountSummary,
  readMovement,
  readCollectionFigures,
  readOpenCharges,
  readOpenItemsAt,
  type CollectionFigures,
  readStatementMovements,
  type CreditPosition,
} from './receivables.read';
export {
  customerNotFound,
  postAdjustment,
  postCreditNote,
  postOrderCharge,
  recordPayment,
  reversePayment,
} from './receivables.service';
export { renderReceiptPdf, renderStatementPdf, type AccountHolder, type StatementData } from './receivables.pdf';
export { exportReceivablesCsv, exportReceivablesXlsx, listReceivables } from './receivables.aging';
export { ACCOUNT_EMAIL_KINDS, createAccountEmailRenderer } from './receivables.emails';
export { markDueReminders, type DueReminder, type ReminderRules } from './receivables.reminders';
