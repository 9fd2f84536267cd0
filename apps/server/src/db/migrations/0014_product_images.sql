-- The wholesale-ordering work: several images per product (decision 020). One row per image, in the order the
-- admin chose. `file_name` is the full-size WebP (<uuid>.webp, as product images were stored
-- before); `widths` lists the smaller copies stored beside it as <uuid>-<width>.webp. An image
-- uploaded before this migration has none (empty array) and is served at its one size.
CREATE TABLE "product_images" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "file_name" text NOT NULL UNIQUE,
  "widths" integer[] DEFAULT '{}' NOT NULL,
  "width" integer,
  "height" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_images_position_valid" CHECK ("position" >= 0),
  CONSTRAINT "product_images_position_key" UNIQUE ("product_id", "position") DEFERRABLE INITIALLY DEFERRED
);
--> statement-breakpoint
-- The one image a product had becomes its first. products.image_path stays as the cover (the
-- first image's file), so the catalogue's page query reads no second table.
INSERT INTO "product_images" ("product_id", "position", "file_name")
SELECT "id", 0, "image_path" FROM "products" WHERE "image_path" IS NOT NULL;
