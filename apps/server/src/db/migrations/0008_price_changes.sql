-- Decision 015 (the repricing work): every applied price change — a bulk repricing, an import, a manual
-- edit — is a row in price_changes with one price_change_items row per product holding the exact
-- prices before and after. Undo restores `before` only where the product still holds `after`.
CREATE TABLE "price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"scope" jsonb NOT NULL,
	"rule" jsonb,
	"product_count" integer NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_source_check" CHECK ("source" in ('reprice','import','manual','undo')),
	CONSTRAINT "price_changes_count_nonnegative" CHECK ("product_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "price_changes_created_idx" ON "price_changes" USING btree ("created_at" DESC, "id");
--> statement-breakpoint
CREATE TABLE "price_change_items" (
	"change_id" uuid NOT NULL REFERENCES "price_changes"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	PRIMARY KEY ("change_id", "product_id")
);
--> statement-breakpoint
CREATE INDEX "price_change_items_product_idx" ON "price_change_items" USING btree ("product_id");
