-- The business-identity work (decision 019): each product's IVA rate, and the order's IVA breakdown.
-- `real` holds 0, 10.5, 21 and 27 exactly and reaches JavaScript as a number (pg returns numeric
-- as text, which every hand-written query would have to cast). Constant default: no table rewrite.
ALTER TABLE "products" ADD COLUMN "iva_rate" real NOT NULL DEFAULT 21;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_iva_rate_valid" CHECK ("iva_rate" IN (0, 10.5, 21, 27));
--> statement-breakpoint
-- The breakdown the server computed when the order was placed (or last edited): prices_include_iva,
-- net, iva, total and one { rate, net, iva } per rate. NULL on orders placed before this migration.
ALTER TABLE "orders" ADD COLUMN "iva" jsonb;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_iva_is_object" CHECK ("iva" IS NULL OR jsonb_typeof("iva") = 'object');
