-- Decision 026: orders placed together share one transaction. The deferred summary trigger
-- (migration 0013) then runs once per order at COMMIT, each time taking that order's
-- (day, product) rows in key order and then its (day, customer) row — so a batch as a whole would
-- take summary rows out of key order (order 1's products and customer, then order 2's products…)
-- and could deadlock with a status change, a cancellation or the other lane's batch committing the
-- same products. A batch therefore takes all its summary rows first, in the one order every
-- transaction follows: every (day, product) row in key order, then every (day, customer) row in
-- key order (an upsert that adds nothing: the row exists afterwards and is locked until commit).
-- The day and the "counts as a sale" rule get one definition each, shared with the trigger.
CREATE OR REPLACE FUNCTION public.sales_summary_day(o orders) RETURNS date
  LANGUAGE sql STABLE AS $$ SELECT (o.created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_summary_counts(o orders) RETURNS boolean
  LANGUAGE sql STABLE AS $$ SELECT o.status NOT IN ('Cancelado', 'Rechazado') AND NOT o.canjeado_con_puntos $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_summary_apply(o orders, sign integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  local_day date := public.sales_summary_day(o);
BEGIN
  IF NOT public.sales_summary_counts(o) THEN
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
CREATE OR REPLACE FUNCTION public.sales_summary_lock(order_ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily_products AS s (day, product_id, name, quantity, sales)
  SELECT public.sales_summary_day(o), i.product_id, max(i.name), 0, 0
    FROM orders o, jsonb_to_recordset(o.items) AS i(product_id text, name text)
   WHERE o.id = ANY (order_ids) AND public.sales_summary_counts(o)
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET quantity = s.quantity;
  INSERT INTO sales_daily_customers AS s (day, user_id, orders, sales)
  SELECT public.sales_summary_day(o), o.user_id, 0, 0
    FROM orders o
   WHERE o.id = ANY (order_ids) AND public.sales_summary_counts(o)
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (day, user_id) DO UPDATE SET orders = s.orders;
END
$$;
