// The outbox module's public surface: the email_outbox table (queued in the caller's transaction),
// the worker that delivers it, and the admin's view of it.
export {
  countByStatus,
  enqueueEmails,
  enqueueUnlessRepeated,
  listEmails,
  renewLeases,
  retryFailedEmail,
  type NewOutboxEmail,
  type OutboxRow,
} from './outbox.repository';
export { OUTBOX_LEASE_MS, OutboxWorker, recordFailedAttempt, retryDelayMs, type LeaseKeeper, type OutboxWorkerOptions } from './outbox.worker';
