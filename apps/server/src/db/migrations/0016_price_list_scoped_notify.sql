-- Decision 025: a price list's change makes the catalogue caches forget only the answers priced at
-- THAT list (payload `list:<id>`, products.cache.ts), not every list's and the base list's pages.
-- Row-level so the trigger knows which list; a list's save rewrites its explicit prices in one
-- transaction, and pg_notify sends identical payloads of one transaction once.
-- A base price change is a product change (products_updated_notify): it still forgets everything.
CREATE OR REPLACE FUNCTION public.notify_price_list_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the list's id column: `id` on price_lists, `list_id` on price_list_items.
  -- An UPDATE that moved a row to another list makes both lists' answers stale.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('products_changed', 'list:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('products_changed', 'list:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "price_lists_changed_notify" ON "price_lists";
--> statement-breakpoint
CREATE TRIGGER "price_lists_changed_notify"
	AFTER INSERT OR UPDATE OR DELETE ON "price_lists"
	FOR EACH ROW EXECUTE FUNCTION public.notify_price_list_changed('id');
--> statement-breakpoint
DROP TRIGGER "price_list_items_changed_notify" ON "price_list_items";
--> statement-breakpoint
CREATE TRIGGER "price_list_items_changed_notify"
	AFTER INSERT OR UPDATE OR DELETE ON "price_list_items"
	FOR EACH ROW EXECUTE FUNCTION public.notify_price_list_changed('list_id');
--> statement-breakpoint
-- Emptying a table names no list: everything is forgotten, as for a product change.
CREATE TRIGGER "price_lists_truncated_notify"
	AFTER TRUNCATE ON "price_lists"
	FOR EACH STATEMENT EXECUTE FUNCTION public.notify_products_changed('');
--> statement-breakpoint
CREATE TRIGGER "price_list_items_truncated_notify"
	AFTER TRUNCATE ON "price_list_items"
	FOR EACH STATEMENT EXECUTE FUNCTION public.notify_products_changed('');
