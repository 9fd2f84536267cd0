-- Extensions and helper functions the schema's indexes and checks depend on.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary); pinning the dictionary makes it safe to index.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
--> statement-breakpoint
-- cart_data must be an object of product id -> integer quantity in 1..10000.
CREATE OR REPLACE FUNCTION public.cart_data_is_valid(data jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT jsonb_typeof(data) = 'object' AND NOT EXISTS (
      SELECT 1 FROM jsonb_each(data) AS e(key, value)
      WHERE jsonb_typeof(e.value) <> 'number'
         OR e.value::text !~ '^[0-9]+$'
         OR e.value::text::numeric < 1
         OR e.value::text::numeric > 10000
    )
  $$;
--> statement-breakpoint
-- Every order line has a positive integer quantity and non-negative amounts.
CREATE OR REPLACE FUNCTION public.order_items_are_valid(items jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT jsonb_typeof(items) = 'array' AND jsonb_array_length(items) > 0 AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(items) AS i(item)
      WHERE jsonb_typeof(i.item -> 'quantity') <> 'number'
         OR (i.item ->> 'quantity') !~ '^[0-9]+$'
         OR (i.item ->> 'quantity')::numeric < 1
         OR jsonb_typeof(i.item -> 'price') <> 'number'
         OR (i.item ->> 'price')::numeric < 0
         OR jsonb_typeof(i.item -> 'total') <> 'number'
         OR (i.item ->> 'total')::numeric < 0
    )
  $$;
