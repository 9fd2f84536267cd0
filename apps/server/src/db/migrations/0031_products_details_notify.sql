-- A change to a product that no catalogue filter reads (prices, descriptions, quantity rules —
-- what an import or a repricing changes) is told as 'details': every process forgets the pages it
-- remembers but keeps its counts (products.cache.ts), so the first customer after a 20,000-row
-- import does not wait for the whole catalogue to be counted again over the rows it just rewrote
-- (14–25 ms against 2–4, measured; decision 084). A change to a column a filter reads
-- (db/product-rows.ts, catalogueWhere) is a full change, as before: that list and this one go together.
-- Stock stays with its own row trigger (products_stock_notify, payload 'stock').
-- The comparison is on typed columns, not to_jsonb, so it is cheap enough to make for every row
-- of a bulk statement too (decision 022 skipped comparing past 1,000 rows because to_jsonb cost 0.8 s).
CREATE OR REPLACE FUNCTION public.notify_products_updated() RETURNS trigger
  LANGUAGE plpgsql SET enable_nestloop = off SET enable_mergejoin = off AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
              WHERE (o.is_enabled, o.search_text, o.category, o.on_sale, o.on_sale_retail, o.has_unlimited_stock)
                    IS DISTINCT FROM (n.is_enabled, n.search_text, n.category, n.on_sale, n.on_sale_retail, n.has_unlimited_stock)) THEN
    PERFORM pg_notify('products_changed', '');
  ELSIF (SELECT count(*) FROM (SELECT 1 FROM new_rows LIMIT 1001) n) > 1000
     OR EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
                 WHERE (to_jsonb(o) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'updated_at')) THEN
    PERFORM pg_notify('products_changed', 'details');
  END IF;
  RETURN NULL;
END
$$;
