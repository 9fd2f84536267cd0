-- The order-life work (decision 014): order e-mails through an outbox, order edits with their history, the
-- 'order_edit' ledger kinds, and the indexes the admin dashboard reads.

-- Every e-mail about an order is a row written in the order's own transaction: it exists exactly
-- when the order change committed. Workers in any process claim due rows with FOR UPDATE SKIP
-- LOCKED and mark them sent in the same transaction that sent them.
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE cascade,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_kind_check" CHECK ("kind" in ('order_placed','status_changed','order_edited','admin_new_order','admin_order_cancelled')),
	CONSTRAINT "email_outbox_status_check" CHECK ("status" in ('pending','sent','failed'))
);
--> statement-breakpoint
-- The worker's scan: only the pending rows, in due order.
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at", "id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("id") WHERE "status" = 'failed';
--> statement-breakpoint
CREATE INDEX "email_outbox_order_idx" ON "email_outbox" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "order_edits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"reason" text NOT NULL,
	"reprice" boolean NOT NULL,
	"before_items" jsonb NOT NULL,
	"after_items" jsonb NOT NULL,
	"before_total" bigint NOT NULL,
	"after_total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_edits_order_idx" ON "order_edits" USING btree ("order_id", "id");
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("kind" in ('opening','order','order_cancel_restock','admin_edit','import','order_edit'));
--> statement-breakpoint
ALTER TABLE "points_movements" DROP CONSTRAINT "points_movements_kind_check";
--> statement-breakpoint
ALTER TABLE "points_movements" ADD CONSTRAINT "points_movements_kind_check" CHECK ("kind" in ('opening','order','order_refund','admin_adjustment','order_edit'));
--> statement-breakpoint
-- Dashboard: period sums read (created_at, status, total, canjeado, user) from the index alone.
CREATE INDEX "orders_created_sales_idx" ON "orders" USING btree ("created_at") INCLUDE ("status", "total", "canjeado_con_puntos", "user_id");
--> statement-breakpoint
-- Dashboard: the low-stock list scans only limited-stock, enabled products by stock.
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock") WHERE NOT "has_unlimited_stock" AND "is_enabled";
