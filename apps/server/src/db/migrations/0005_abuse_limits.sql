-- The abuse-limits work (decision 010) (hardening): abuse limits that hold across processes, and the idempotency fingerprint.
-- Decision 010 explains each table.

-- A hash of the request body that first used an order's idempotency key: the same key with a
-- different body is refused instead of silently answering with the first order.
ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint

-- Failed password sign-ins per address (known or not, so the throttle reveals nothing).
CREATE TABLE "sign_in_throttles" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_throttles_counts_check" CHECK ("failures" >= 0 AND "lockouts" >= 0)
);--> statement-breakpoint
CREATE INDEX "sign_in_throttles_updated_at" ON "sign_in_throttles" USING btree ("updated_at");--> statement-breakpoint

-- Account e-mails sent, per recipient and kind, for the per-recipient hourly limit.
CREATE TABLE "email_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "email_sends_recipient_kind_sent_at" ON "email_sends" USING btree ("recipient","kind","sent_at");--> statement-breakpoint
CREATE INDEX "email_sends_sent_at" ON "email_sends" USING btree ("sent_at");
