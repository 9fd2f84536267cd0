-- Settings the business changes in the admin (ARCHITECTURE §17): one row, one JSON document
-- validated by packages/core/src/schemas/settings.ts. Missing keys read as their defaults.
CREATE TABLE "app_settings" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "value" jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof("value") = 'object'),
  "updated_at" timestamptz,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
INSERT INTO "app_settings" ("id") VALUES (true);
