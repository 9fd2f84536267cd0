-- The business-identity work (docs/decisions/017): a customer as a business. Every column is nullable so
-- accounts from before this migration keep working; they are asked to complete the data in the app.
-- Formats are checked here as well as in core (packages/core/src/business.ts), so no path that
-- skips the API (a script, psql) can store a CUIT or phone the app would refuse.
ALTER TABLE "profiles" ADD COLUMN "razon_social" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cuit" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "iva_condition" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "whatsapp" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "address_street" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "address_city" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "address_province" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "address_postal_code" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "delivery_notes" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "admin_notes" text;
--> statement-breakpoint
-- The official mod-11 check digit (weights 5,4,3,2,7,6,5,4,3,2; 11 → 0; 10 → no valid CUIT), the
-- same rule as cuitCheckDigit in core.
CREATE OR REPLACE FUNCTION public.cuit_is_valid(value text) RETURNS boolean
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT value ~ '^[0-9]{11}$' AND (
    WITH s AS (
      SELECT 11 - (
        substr(value, 1, 1)::int * 5 + substr(value, 2, 1)::int * 4 + substr(value, 3, 1)::int * 3 +
        substr(value, 4, 1)::int * 2 + substr(value, 5, 1)::int * 7 + substr(value, 6, 1)::int * 6 +
        substr(value, 7, 1)::int * 5 + substr(value, 8, 1)::int * 4 + substr(value, 9, 1)::int * 3 +
        substr(value, 10, 1)::int * 2
      ) % 11 AS d
    )
    SELECT CASE WHEN d = 11 THEN 0 WHEN d = 10 THEN -1 ELSE d END = substr(value, 11, 1)::int FROM s
  )
$$;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_cuit_valid" CHECK ("cuit" IS NULL OR public.cuit_is_valid("cuit"));
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_iva_condition_valid" CHECK (
  "iva_condition" IS NULL OR "iva_condition" IN ('responsable_inscripto', 'monotributista', 'exento', 'consumidor_final')
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_whatsapp_format" CHECK ("whatsapp" IS NULL OR "whatsapp" ~ '^549[1-3][0-9]{9}$');
--> statement-breakpoint
-- ISO 3166-2:AR: 23 provinces and CABA (AR-C).
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_address_province_valid" CHECK (
  "address_province" IS NULL OR "address_province" IN (
    'AR-A', 'AR-B', 'AR-C', 'AR-D', 'AR-E', 'AR-F', 'AR-G', 'AR-H', 'AR-J', 'AR-K', 'AR-L', 'AR-M',
    'AR-N', 'AR-P', 'AR-Q', 'AR-R', 'AR-S', 'AR-T', 'AR-U', 'AR-V', 'AR-W', 'AR-X', 'AR-Y', 'AR-Z'
  )
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_address_postal_code_format" CHECK (
  "address_postal_code" IS NULL OR "address_postal_code" ~ '^([0-9]{4}|[A-Z][0-9]{4}[A-Z]{3})$'
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_business_text_lengths" CHECK (
  ("razon_social" IS NULL OR length("razon_social") BETWEEN 2 AND 120)
  AND ("address_street" IS NULL OR length("address_street") BETWEEN 3 AND 120)
  AND ("address_city" IS NULL OR length("address_city") BETWEEN 2 AND 80)
  AND ("delivery_notes" IS NULL OR length("delivery_notes") <= 500)
  AND ("admin_notes" IS NULL OR length("admin_notes") <= 4000)
);
--> statement-breakpoint
-- One account per CUIT (NULLs, the older accounts, do not collide). Also serves exact CUIT lookups.
CREATE UNIQUE INDEX "profiles_cuit_key" ON "profiles" ("cuit");
--> statement-breakpoint
-- Admin customer search (GET /api/admin/users?search=): one unaccented, lower-case haystack of
-- name, surname, e-mail, DNI, razón social and CUIT digits, served by a trigram index like the
-- catalogue's (0004). A CUIT typed with dashes is searched as its digits.
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower(public.immutable_unaccent(
    "nombre" || ' ' || "apellido" || ' ' || "email" || ' ' || "dni" || ' ' || coalesce("razon_social", '') || ' ' || coalesce("cuit", '')
  ))
) STORED;
--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);
