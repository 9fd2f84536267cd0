-- Decision 035: an e-mail of the outbox is leased, not held. A worker takes the next due row with
-- one committed UPDATE (FOR UPDATE SKIP LOCKED picks it) that sets locked_until; it renders, sends
-- and marks the row with no transaction open; a worker that dies leaves a lease that runs out.
ALTER TABLE "email_outbox" ADD COLUMN "locked_until" timestamptz;
--> statement-breakpoint
-- Decision 036: every order is its own transaction again, whose deferred summary trigger takes
-- its rows in key order by itself; the batch's lock of all its summary rows first is gone.
DROP FUNCTION IF EXISTS public.sales_summary_lock(uuid[]);
