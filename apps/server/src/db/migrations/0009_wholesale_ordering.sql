-- The wholesale-ordering work: quantity rules per product (decision 016). Defaults accept any whole quantity, so
-- every existing product and cart stays valid. Constant defaults: no table rewrite.
ALTER TABLE "products" ADD COLUMN "min_quantity" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_size" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_quantity" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_quantity_rules_valid" CHECK (
  "min_quantity" >= 1 AND "pack_size" >= 1
  AND ("max_quantity" IS NULL OR ("max_quantity" >= "min_quantity" AND "max_quantity" % "pack_size" = 0))
);
--> statement-breakpoint
-- Item 5: a product's barcode (EAN/GTIN), searchable and usable in quick orders like the SKU.
ALTER TABLE "products" ADD COLUMN "barcode" text;
--> statement-breakpoint
-- The search column (migration 0004) gains the barcode: a generated column cannot be altered, so it
-- is dropped with its index and added again (one table rewrite, as 0004 itself cost).
DROP INDEX IF EXISTS "products_search_trgm_idx";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower(public.immutable_unaccent("name" || ' ' || coalesce("sku", '') || ' ' || coalesce("category", '') || ' ' || coalesce("barcode", '')))
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Quick order looks codes up by exact SKU (any case) or barcode: up to 500 per request.
CREATE INDEX "products_sku_lower_idx" ON "products" (lower("sku"));
--> statement-breakpoint
CREATE INDEX "products_barcode_idx" ON "products" ("barcode");
--> statement-breakpoint
-- Item 4: a customer's saved lists (product id → quantity, like cart_data) and starred products.
CREATE TABLE "shopping_lists" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL CHECK (length("name") BETWEEN 1 AND 80),
  "items" jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (public.cart_data_is_valid("items")),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "shopping_lists_user_idx" ON "shopping_lists" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "favorites" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "favorites_user_product_key" UNIQUE ("user_id", "product_id")
);
