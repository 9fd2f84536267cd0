-- Decision 009: every change of a product's stock and of a customer's points balance is a row in
-- a ledger; the cached columns (products.stock, profiles.saldo_puntos) must equal the sum of it.
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE set null,
	"actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_check" CHECK ("kind" in ('opening','order','order_cancel_restock','admin_edit','import')),
	CONSTRAINT "stock_movements_balance_nonnegative" CHECK ("balance" >= 0),
	CONSTRAINT "stock_movements_quantity_nonzero" CHECK ("quantity" <> 0)
);
--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");
--> statement-breakpoint
CREATE TABLE "points_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE set null,
	"actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_movements_kind_check" CHECK ("kind" in ('opening','order','order_refund','admin_adjustment')),
	CONSTRAINT "points_movements_balance_nonnegative" CHECK ("balance" >= 0)
);
--> statement-breakpoint
CREATE INDEX "points_movements_profile_idx" ON "points_movements" USING btree ("profile_id","id");
--> statement-breakpoint
-- The admin adjustments recorded so far become ledger rows, with their own dates.
INSERT INTO "points_movements" ("profile_id", "kind", "amount", "balance", "actor_id", "reason", "created_at")
SELECT "profile_id", 'admin_adjustment', "after" - "before", "after", "admin_id", "reason", "created_at"
  FROM "points_adjustments" ORDER BY "created_at", "id";
--> statement-breakpoint
DROP TABLE "points_adjustments";
--> statement-breakpoint
-- An unlimited-stock product's number is not used while it is unlimited, but it is kept (it is what
-- the product starts with when the admin turns "unlimited" off), so it is ledgered too; a negative
-- one could only come from hand-edited data and means nothing, so it starts at 0.
UPDATE "products" SET "stock" = 0 WHERE "stock" < 0;
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_nonnegative";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_nonnegative" CHECK ("stock" >= 0);
--> statement-breakpoint
-- Opening movements: cache = Σ ledger from the first start.
INSERT INTO "stock_movements" ("product_id", "kind", "quantity", "balance")
SELECT "id", 'opening', "stock", "stock" FROM "products" WHERE "stock" <> 0;
--> statement-breakpoint
-- For customers with migrated adjustments the opening is the difference between the balance they
-- have and what those adjustments add up to (orders and refunds before the ledger left no trace).
INSERT INTO "points_movements" ("profile_id", "kind", "amount", "balance")
SELECT p."id", 'opening', p."saldo_puntos" - coalesce(m."sum", 0), p."saldo_puntos"
  FROM "profiles" p
  LEFT JOIN (SELECT "profile_id", sum("amount") AS "sum" FROM "points_movements" GROUP BY "profile_id") m ON m."profile_id" = p."id"
 WHERE p."saldo_puntos" <> coalesce(m."sum", 0);
--> statement-breakpoint
-- A row is born with its opening movement whatever inserts it (the demo seed, the bench, a test
-- factory, an operator's script): after that only the ledger modules change the cached column.
-- A restore copies the ledgers as they were, so it switches this off for its transaction.
CREATE FUNCTION public.stock_opening_movement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stock <> 0 AND coalesce(current_setting('mayorista.restoring', true), '') <> 'on' THEN
    INSERT INTO stock_movements (product_id, kind, quantity, balance) VALUES (NEW.id, 'opening', NEW.stock, NEW.stock);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION public.points_opening_movement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.saldo_puntos <> 0 AND coalesce(current_setting('mayorista.restoring', true), '') <> 'on' THEN
    INSERT INTO points_movements (profile_id, kind, amount, balance) VALUES (NEW.id, 'opening', NEW.saldo_puntos, NEW.saldo_puntos);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_stock_opening" AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION public.stock_opening_movement();
--> statement-breakpoint
CREATE TRIGGER "profiles_points_opening" AFTER INSERT ON "profiles" FOR EACH ROW EXECUTE FUNCTION public.points_opening_movement();
