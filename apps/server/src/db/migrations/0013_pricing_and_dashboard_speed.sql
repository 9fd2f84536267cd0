-- Decision 022 (the repricing work and the order-life work, the gaps of decisions 014 and 015).
--
-- 1. Bulk price writes. A repricing of 20,000 products spent most of its time (measured with
--    EXPLAIN ANALYZE, decision 022) in two places: the row trigger products_updated_notify
--    (to_jsonb(OLD) vs to_jsonb(NEW) for every row) and, on full pages, non-HOT updates that add
--    an entry to all nine indexes of every updated row. The trigger becomes statement-level over
--    the transition tables: one EXISTS that stops at the first changed row. Pages are filled to
--    50 % so a price update finds room on its own page (a HOT update: no index touched, since no
--    indexed value changes). CLUSTER rewrites existing rows with the new fill factor (allowed in
--    the migration's transaction, unlike VACUUM FULL); on an empty table it is instant.
-- A statement over more than 1,000 rows (a bulk repricing, an import) is reported as a full change
-- without comparing: telling the caches too much costs a recount, and comparing 20,000 rows of a
-- stock-only import cost 0.8 s (measured, decision 022). The transition tables have no statistics:
-- without the SETs the planner may join them with a nested loop (20,000 × 20,000 comparisons).
CREATE OR REPLACE FUNCTION public.notify_products_updated() RETURNS trigger
  LANGUAGE plpgsql SET enable_nestloop = off SET enable_mergejoin = off AS $$
BEGIN
  -- Everything but stock (and the time stamp) is a full change; stock alone has its own
  -- row trigger (products_stock_notify) with the cheaper 'stock' payload.
  IF (SELECT count(*) FROM (SELECT 1 FROM new_rows LIMIT 1001) n) > 1000
     OR EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
                 WHERE (to_jsonb(o) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'updated_at')) THEN
    PERFORM pg_notify('products_changed', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "products_updated_notify" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_updated_notify"
  AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.notify_products_updated();
--> statement-breakpoint
ALTER TABLE "products" SET (fillfactor = 50);
--> statement-breakpoint
CLUSTER "products" USING "products_pkey";
--> statement-breakpoint
-- Recording a change's items checked both foreign keys of every price_change_items row: 40,000
-- trigger calls, more than half of that insert (measured, decision 022). Items are written only by
-- pricing.repository's insertChange, right after their parent row in the same transaction, and a
-- price change is never deleted; the one cascade that matters, a product deleted with its history,
-- is kept by a statement-level trigger on products instead.
ALTER TABLE "price_change_items" DROP CONSTRAINT "price_change_items_change_id_fkey";
--> statement-breakpoint
ALTER TABLE "price_change_items" DROP CONSTRAINT "price_change_items_product_id_fkey";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.products_deleted_forget_price_history() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM price_change_items i USING old_rows o WHERE i.product_id = o.id;
  DELETE FROM import_items i USING old_rows o WHERE i.product_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_deleted_price_history"
  AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.products_deleted_forget_price_history();
--> statement-breakpoint
-- 2. The cart's "Subió N % desde que lo agregaste" (the repricing work, decision 015): the unit price each line had
--    when it entered the cart, by product id, kept by the server so it follows the customer to
--    any device. Entries of lines that leave the cart (removed, or the cart emptied by an order)
--    are dropped here, whoever writes cart_data, so a line added again starts afresh.
ALTER TABLE "cart" ADD COLUMN "added_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.cart_prune_added_prices() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.added_prices := coalesce(
    (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(NEW.added_prices) e WHERE NEW.cart_data ? e.key),
    '{}'::jsonb);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_prune_added_prices"
  BEFORE INSERT OR UPDATE ON "cart"
  FOR EACH ROW EXECUTE FUNCTION public.cart_prune_added_prices();
--> statement-breakpoint
-- 3. What an import changed, so its undo can restore it (the repricing work, decision 015): per product, the old and
--    new values of the fields it changed (null before = the import created the product). No
--    foreign keys, like price_change_items above (written once by the importer, right after its
--    change; a deleted product's rows go with it through the same trigger).
CREATE TABLE "import_items" (
	"change_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	PRIMARY KEY ("change_id", "product_id")
);
--> statement-breakpoint
CREATE INDEX "import_items_product_idx" ON "import_items" USING btree ("product_id");
--> statement-breakpoint
-- 4. The dashboard's daily summaries (the order-life work, decision 014): sales per local day and product, and per
--    local day and customer, of the orders that count as sales (not Cancelado/Rechazado, not a
--    points redemption). ONE owner keeps them: the trigger below, in the same transaction as
--    whatever inserts, edits, cancels or changes the status of an order (the app or SQL by hand).
--    It subtracts what the old row contributed and adds what the new one does, in (day, key)
--    order so two transactions take the summary rows' locks in the same order.
CREATE TABLE "sales_daily_products" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"quantity" bigint NOT NULL,
	"sales" bigint NOT NULL,
	PRIMARY KEY ("day", "product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_customers" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"sales" bigint NOT NULL,
	PRIMARY KEY ("day", "user_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_summary_apply(o orders, sign integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  local_day date := (o.created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date;
BEGIN
  IF o.status IN ('Cancelado', 'Rechazado') OR o.canjeado_con_puntos THEN
    RETURN;
  END IF;
  INSERT INTO sales_daily_products AS s (day, product_id, name, quantity, sales)
  SELECT local_day, i.product_id, max(i.name), sign * sum(i.quantity), sign * sum(i.total)
    FROM jsonb_to_recordset(o.items) AS i(product_id text, name text, quantity int, total bigint)
   GROUP BY i.product_id
   ORDER BY i.product_id
  ON CONFLICT (day, product_id) DO UPDATE
    SET quantity = s.quantity + excluded.quantity, sales = s.sales + excluded.sales, name = greatest(s.name, excluded.name);
  INSERT INTO sales_daily_customers AS s (day, user_id, orders, sales)
  VALUES (local_day, o.user_id, sign, sign * o.total)
  ON CONFLICT (day, user_id) DO UPDATE SET orders = s.orders + excluded.orders, sales = s.sales + excluded.sales;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_summary_track() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM public.sales_summary_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM public.sales_summary_apply(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit: an order's summary rows (today × the hot product every order shares) are
-- then locked only while the transaction commits, after takeStock's "last write before commit",
-- instead of from the order's INSERT on — the summary must not lengthen the orders' queue.
CREATE CONSTRAINT TRIGGER "orders_sales_summary_insert"
  AFTER INSERT OR DELETE ON "orders"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.sales_summary_track();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_sales_summary_update"
  AFTER UPDATE ON "orders"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.items IS DISTINCT FROM NEW.items OR OLD.status IS DISTINCT FROM NEW.status OR OLD.total IS DISTINCT FROM NEW.total
        OR OLD.canjeado_con_puntos IS DISTINCT FROM NEW.canjeado_con_puntos OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION public.sales_summary_track();
--> statement-breakpoint
-- Backfill from the orders already placed.
INSERT INTO sales_daily_products (day, product_id, name, quantity, sales)
SELECT (o.created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, i.product_id, max(i.name), sum(i.quantity), sum(i.total)
  FROM orders o CROSS JOIN LATERAL jsonb_to_recordset(o.items) AS i(product_id text, name text, quantity int, total bigint)
 WHERE o.status NOT IN ('Cancelado', 'Rechazado') AND NOT o.canjeado_con_puntos
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO sales_daily_customers (day, user_id, orders, sales)
SELECT (o.created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, o.user_id, count(*), sum(o.total)
  FROM orders o
 WHERE o.status NOT IN ('Cancelado', 'Rechazado') AND NOT o.canjeado_con_puntos
 GROUP BY 1, 2;
