-- Issue 18: quantity rules per product (decision 016). Defaults accept any whole quantity, so
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
