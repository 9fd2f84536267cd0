-- Decision 049: repartos. A zone delivers on fixed weekdays (0 = domingo … 6 = sábado) and takes
-- orders until its cut-off, "N days before at HH:MM" Buenos Aires time (minutes after midnight).
-- Each customer is in at most one zone, at a stop position of its route. Non-delivery dates are one
-- editable list, preloaded with Argentina's national holidays 2026–2027 (decision 050; the same list
-- as packages/core/src/delivery-holidays.ts, which a test compares). An order stores the date it was
-- promised for, its zone and its stop on that day's route.
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"cutoff_days_before" smallint NOT NULL,
	"cutoff_minutes" smallint NOT NULL,
	"min_order" bigint,
	-- The repartidor who drives the zone's route: they see and act on its stops only.
	"driver_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_weekdays" CHECK (cardinality("weekdays") BETWEEN 1 AND 7 AND "weekdays" <@ '{0,1,2,3,4,5,6}'::smallint[]),
	CONSTRAINT "delivery_zones_cutoff" CHECK ("cutoff_days_before" BETWEEN 0 AND 14 AND "cutoff_minutes" BETWEEN 0 AND 1439),
	CONSTRAINT "delivery_zones_min_order" CHECK ("min_order" IS NULL OR "min_order" >= 0),
	CONSTRAINT "delivery_zones_name" CHECK (length(btrim("name")) BETWEEN 1 AND 80)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_name_unique" ON "delivery_zones" (lower("name"));
--> statement-breakpoint
CREATE TABLE "customer_zones" (
	"profile_id" uuid PRIMARY KEY NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"zone_id" integer NOT NULL REFERENCES "delivery_zones"("id") ON DELETE restrict,
	"stop_position" integer,
	CONSTRAINT "customer_zones_stop_position" CHECK ("stop_position" IS NULL OR "stop_position" >= 1)
);
--> statement-breakpoint
CREATE INDEX "customer_zones_zone" ON "customer_zones" ("zone_id");
--> statement-breakpoint
CREATE TABLE "delivery_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name" text
);
--> statement-breakpoint
INSERT INTO "delivery_holidays" ("date", "name") VALUES
  ('2026-01-01', 'Año Nuevo'),
  ('2026-02-16', 'Carnaval'),
  ('2026-02-17', 'Carnaval'),
  ('2026-03-23', 'Día no laborable con fines turísticos'),
  ('2026-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2026-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2026-04-03', 'Viernes Santo'),
  ('2026-05-01', 'Día del Trabajador'),
  ('2026-05-25', 'Día de la Revolución de Mayo'),
  ('2026-06-15', 'Paso a la Inmortalidad del Gral. Martín Miguel de Güemes (del 17/6)'),
  ('2026-06-20', 'Paso a la Inmortalidad del Gral. Manuel Belgrano'),
  ('2026-07-09', 'Día de la Independencia'),
  ('2026-07-10', 'Día no laborable con fines turísticos'),
  ('2026-08-17', 'Paso a la Inmortalidad del Gral. José de San Martín'),
  ('2026-10-12', 'Día del Respeto a la Diversidad Cultural'),
  ('2026-11-23', 'Día de la Soberanía Nacional (del 20/11)'),
  ('2026-12-07', 'Día no laborable con fines turísticos'),
  ('2026-12-08', 'Inmaculada Concepción de María'),
  ('2026-12-25', 'Navidad'),
  ('2027-01-01', 'Año Nuevo'),
  ('2027-02-08', 'Carnaval'),
  ('2027-02-09', 'Carnaval'),
  ('2027-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2027-03-26', 'Viernes Santo'),
  ('2027-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2027-05-01', 'Día del Trabajador'),
  ('2027-05-25', 'Día de la Revolución de Mayo'),
  ('2027-06-20', 'Paso a la Inmortalidad del Gral. Manuel Belgrano'),
  ('2027-06-21', 'Paso a la Inmortalidad del Gral. Martín Miguel de Güemes (del 17/6)'),
  ('2027-07-09', 'Día de la Independencia'),
  ('2027-08-16', 'Paso a la Inmortalidad del Gral. José de San Martín (del 17/8)'),
  ('2027-10-11', 'Día del Respeto a la Diversidad Cultural (del 12/10)'),
  ('2027-11-20', 'Día de la Soberanía Nacional'),
  ('2027-12-08', 'Inmaculada Concepción de María'),
  ('2027-12-25', 'Navidad')
;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_id" integer REFERENCES "delivery_zones"("id") ON DELETE restrict;
--> statement-breakpoint
-- The stop on the day's route; null: the customer's stop position, then the name.
ALTER TABLE "orders" ADD COLUMN "delivery_stop" integer;
--> statement-breakpoint
-- The Repartos view and the driver's stops: one index range per day (and zone).
CREATE INDEX "orders_delivery_idx" ON "orders" ("delivery_date", "delivery_zone_id", "delivery_stop") WHERE "delivery_date" IS NOT NULL;
--> statement-breakpoint
-- What the driver did at the door, once per idempotency key: a repeated tap answers the first result.
CREATE TABLE "delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"outcome" text NOT NULL,
	"delivery_date" date NOT NULL,
	"reason" text,
	"note" text,
	"rescheduled_to" date,
	"payment_id" bigint REFERENCES "payments"("id") ON DELETE restrict,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_attempts_outcome" CHECK ("outcome" in ('delivered', 'not_delivered')),
	CONSTRAINT "delivery_attempts_reason" CHECK ("reason" IS NULL OR "reason" in ('cerrado', 'rechazado', 'sin_dinero', 'otro'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_attempts_key" ON "delivery_attempts" ("order_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "delivery_attempts_order" ON "delivery_attempts" ("order_id", "created_at");
