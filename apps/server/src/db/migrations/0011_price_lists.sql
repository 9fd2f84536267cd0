-- Decision 018 (the business-identity work): price lists per customer. A list is a percentage over or under
-- the base wholesale prices (basis points, so −5 % is −500 and the arithmetic stays in integers)
-- plus optional explicit prices for some products. profiles.price_list_id null = the base list.
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percentage_bp" integer DEFAULT 0 NOT NULL,
	-- Deferrable: a restore inserts the lists before the profiles that created them (backup.ts).
	"created_by" uuid REFERENCES "profiles"("id") ON DELETE set null DEFERRABLE INITIALLY DEFERRED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- −100 % or less would make every price zero or negative; +1000 % is the repricing's limit too.
	CONSTRAINT "price_lists_percentage_range" CHECK ("percentage_bp" > -10000 and "percentage_bp" <= 100000),
	CONSTRAINT "price_lists_name_not_blank" CHECK (length(btrim("name")) between 1 and 80)
);
--> statement-breakpoint
-- "Lista 2" and "lista 2" are the same list to a person.
CREATE UNIQUE INDEX "price_lists_name_key" ON "price_lists" USING btree (lower(public.immutable_unaccent("name")));
--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"price" bigint NOT NULL,
	PRIMARY KEY ("list_id", "product_id"),
	CONSTRAINT "price_list_items_price_positive" CHECK ("price" > 0 and "price" <= 100000000000)
);
--> statement-breakpoint
CREATE INDEX "price_list_items_product_idx" ON "price_list_items" USING btree ("product_id");
--> statement-breakpoint
-- No ON DELETE action: deleting a list that customers still buy at is refused (the API says so first).
ALTER TABLE "profiles" ADD COLUMN "price_list_id" uuid REFERENCES "price_lists"("id");
--> statement-breakpoint
CREATE INDEX "profiles_price_list_idx" ON "profiles" USING btree ("price_list_id") WHERE "price_list_id" IS NOT NULL;
--> statement-breakpoint
-- A list's prices are part of the catalogue answers cached per list (decision 008): any change to a
-- list or its explicit prices makes every process forget them, like a product change does.
CREATE TRIGGER "price_lists_changed_notify"
	AFTER INSERT OR UPDATE OR DELETE ON "price_lists"
	FOR EACH STATEMENT EXECUTE FUNCTION public.notify_products_changed('');
--> statement-breakpoint
CREATE TRIGGER "price_list_items_changed_notify"
	AFTER INSERT OR UPDATE OR DELETE ON "price_list_items"
	FOR EACH STATEMENT EXECUTE FUNCTION public.notify_products_changed('');
