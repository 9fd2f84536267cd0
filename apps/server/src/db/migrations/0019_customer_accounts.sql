-- Decisions 037–039: the cuenta corriente. What each customer owes is a ledger (account_movements),
-- append-only like stock and points, with a cached balance per customer (customer_accounts.balance)
-- that `npm run db:check` proves equal to the sum of the ledger. Charges (and bounced-cheque
-- reversals) are open items that payments and credit notes are applied to (account_allocations).
-- Signs are the customer's debt: + owes more, − owes less; a negative balance is money "a favor".

-- A ledger row is never changed nor deleted: a mistake is corrected by a reversing row. The one
-- UPDATE allowed is the foreign key's own ON DELETE SET NULL of the actor (an admin account deleted
-- later), which leaves the movement as it was.
CREATE FUNCTION public.refuse_ledger_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) ->> 'actor_id') IS NULL AND (to_jsonb(OLD) ->> 'actor_id') IS NOT NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'ledger_append_only',
    DETAIL = format('%s: los movimientos no se modifican ni se borran; se corrigen con un movimiento inverso', TG_TABLE_NAME);
END $$;
--> statement-breakpoint
CREATE TABLE "customer_accounts" (
	-- Cascade: a sign-up rejected while pending may have had its terms set, never movements (those block the deletion).
	"profile_id" uuid PRIMARY KEY NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	-- Σ account_movements.amount of this customer.
	"balance" bigint DEFAULT 0 NOT NULL,
	-- Payments and credit notes not applied to any open item yet (the part of a negative balance).
	"unapplied" bigint DEFAULT 0 NOT NULL,
	-- null: no limit.
	"credit_limit" bigint,
	-- null: the settings' default terms.
	"payment_terms_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_accounts_unapplied_nonnegative" CHECK ("unapplied" >= 0),
	CONSTRAINT "customer_accounts_credit_limit_nonnegative" CHECK ("credit_limit" IS NULL OR "credit_limit" >= 0),
	CONSTRAINT "customer_accounts_terms_range" CHECK ("payment_terms_days" IS NULL OR "payment_terms_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE restrict,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"bank" text,
	"cheque_number" text,
	"cheque_date" date,
	-- Gap-free: taken from document_counters in the payment's own transaction, never a sequence.
	"receipt_number" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	-- What the request asked for, so the same key with a different payment is refused.
	"fingerprint" text NOT NULL,
	"actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("amount" > 0),
	CONSTRAINT "payments_method_check" CHECK ("method" in ('cash','transfer','cheque','mercado_pago','other')),
	CONSTRAINT "payments_cheque_fields" CHECK ("method" <> 'cheque' OR ("bank" IS NOT NULL AND "cheque_number" IS NOT NULL AND "cheque_date" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number" ON "payments" ("receipt_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" ("profile_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "payments_profile_idx" ON "payments" ("profile_id", "id");
--> statement-breakpoint
CREATE TABLE "account_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE restrict,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"due_date" date,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE restrict,
	"payment_id" bigint REFERENCES "payments"("id") ON DELETE restrict,
	"actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"reason" text,
	-- The business's day of the movement (Buenos Aires, the app's clock): what statements select by.
	"entry_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_movements_kind_check" CHECK ("kind" in ('charge','payment','credit_note','adjustment','reversal')),
	CONSTRAINT "account_movements_amount_nonzero" CHECK ("amount" <> 0),
	CONSTRAINT "account_movements_sign" CHECK (
		("kind" in ('charge','reversal') AND "amount" > 0 AND "due_date" IS NOT NULL)
		OR ("kind" in ('payment','credit_note') AND "amount" < 0)
		OR "kind" = 'adjustment'),
	CONSTRAINT "account_movements_payment" CHECK (("kind" in ('payment','reversal')) = ("payment_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "account_movements_profile_idx" ON "account_movements" ("profile_id", "id");
--> statement-breakpoint
CREATE INDEX "account_movements_profile_day_idx" ON "account_movements" ("profile_id", "entry_date", "id");
--> statement-breakpoint
-- An order is charged once; a payment is reversed once.
CREATE UNIQUE INDEX "account_movements_one_charge" ON "account_movements" ("order_id") WHERE "kind" = 'charge';
--> statement-breakpoint
CREATE UNIQUE INDEX "account_movements_one_reversal" ON "account_movements" ("payment_id") WHERE "kind" = 'reversal';
--> statement-breakpoint
CREATE UNIQUE INDEX "account_movements_one_payment" ON "account_movements" ("payment_id") WHERE "kind" = 'payment';
--> statement-breakpoint
-- What is still owed of each charge and reversal: the one mutable cache beside the ledger, proven
-- by db:check (open = amount − Σ its allocations; Σ open − unapplied = balance).
CREATE TABLE "account_open_items" (
	"movement_id" bigint PRIMARY KEY NOT NULL REFERENCES "account_movements"("id") ON DELETE restrict,
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE restrict,
	"order_id" uuid,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"open" bigint NOT NULL,
	CONSTRAINT "account_open_items_open_range" CHECK ("amount" > 0 AND "open" >= 0 AND "open" <= "amount")
);
--> statement-breakpoint
CREATE INDEX "account_open_items_open_idx" ON "account_open_items" ("profile_id", "due_date", "movement_id") INCLUDE ("open") WHERE "open" > 0;
--> statement-breakpoint
CREATE INDEX "account_open_items_due_idx" ON "account_open_items" ("due_date") INCLUDE ("profile_id", "open") WHERE "open" > 0;
--> statement-breakpoint
CREATE TABLE "account_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	-- The payment or credit note applied; null when it came from the credit "a favor" (unapplied).
	"credit_movement_id" bigint REFERENCES "account_movements"("id") ON DELETE restrict,
	"item_movement_id" bigint NOT NULL REFERENCES "account_open_items"("movement_id") ON DELETE restrict,
	"amount" bigint NOT NULL,
	-- The day it counts as paid: a post-dated cheque's date, otherwise the day it was applied.
	"effective_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_allocations_amount_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "account_allocations_item_idx" ON "account_allocations" ("item_movement_id");
--> statement-breakpoint
CREATE INDEX "account_allocations_credit_idx" ON "account_allocations" ("credit_movement_id");
--> statement-breakpoint
CREATE INDEX "account_allocations_pending_idx" ON "account_allocations" ("effective_on", "item_movement_id");
--> statement-breakpoint
-- Document numbers given in the transaction that issues the document: a rolled-back payment gives
-- its number back, so receipts have no gaps (a sequence would skip one on every rollback).
CREATE TABLE "document_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_nonnegative" CHECK ("last_number" >= 0)
);
--> statement-breakpoint
INSERT INTO "document_counters" ("name", "last_number") VALUES ('receipt', 0);
--> statement-breakpoint
-- One reminder per open item and day, whatever runs the reminders (and however often).
CREATE TABLE "account_reminders" (
	"item_movement_id" bigint NOT NULL REFERENCES "account_open_items"("movement_id") ON DELETE restrict,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("item_movement_id", "day"),
	CONSTRAINT "account_reminders_kind_check" CHECK ("kind" in ('before_due','overdue'))
);
--> statement-breakpoint
CREATE TRIGGER "account_movements_append_only" BEFORE UPDATE OR DELETE ON "account_movements" FOR EACH ROW EXECUTE FUNCTION public.refuse_ledger_rewrite();
--> statement-breakpoint
CREATE TRIGGER "account_allocations_append_only" BEFORE UPDATE OR DELETE ON "account_allocations" FOR EACH ROW EXECUTE FUNCTION public.refuse_ledger_rewrite();
--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION public.refuse_ledger_rewrite();
--> statement-breakpoint
-- The credit check at order time (decision 038): an order it stops may be placed "Retenido por
-- crédito" — a flag beside the status, so the status life cycle stays the one the spec fixes.
ALTER TABLE "orders" ADD COLUMN "credit_hold" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_hold_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_hold_check" CHECK ("credit_hold" IS NULL OR "credit_hold" in ('pending','released','rejected'));
--> statement-breakpoint
CREATE INDEX "orders_credit_hold_pending_idx" ON "orders" ("created_at") WHERE "credit_hold" = 'pending';
--> statement-breakpoint
-- What is placed and not yet delivered counts against the credit limit.
CREATE INDEX "orders_user_undelivered_idx" ON "orders" ("user_id") INCLUDE ("total") WHERE "status" in ('Pendiente','Confirmado','Preparado') AND NOT "canjeado_con_puntos";
--> statement-breakpoint
-- A credit note for goods that came back puts them on the shelf through the stock ledger.
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("kind" in ('opening','order','order_cancel_restock','admin_edit','import','order_edit','credit_note_restock'));
--> statement-breakpoint
-- The cuenta corriente's e-mails go through the outbox like the orders' (the receipt, a credit hold decided, a reminder).
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_check";
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" CHECK ("kind" in ('order_placed','status_changed','order_edited','admin_new_order','admin_order_cancelled','payment_receipt','credit_hold_released','credit_hold_rejected','account_reminder'));
