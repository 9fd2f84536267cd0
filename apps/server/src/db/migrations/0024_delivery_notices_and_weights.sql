-- Repartos: the customer's "Tu pedido llega hoy" e-mail, at most once per order and delivery date
-- whatever process sends it (the primary key is the guard; the row and the outbox e-mail are
-- written in one transaction). An order moved to another day gets its notice on that day.
CREATE TABLE "delivery_notices" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"delivery_date" date NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("order_id", "delivery_date")
);
--> statement-breakpoint
-- The outbox takes the new kind. The check is rebuilt from the one in place (whatever kinds other
-- migrations added before this one), with 'delivery_today' added.
DO $$
DECLARE
	current text;
BEGIN
	SELECT pg_get_constraintdef(oid) INTO current FROM pg_constraint
	 WHERE conrelid = 'email_outbox'::regclass AND conname = 'email_outbox_kind_check';
	IF position('''delivery_today''' IN current) = 0 THEN
		EXECUTE 'ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_check"';
		EXECUTE 'ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" '
			|| replace(current, 'ARRAY[', 'ARRAY[''delivery_today''::text, ');
	END IF;
END $$;
--> statement-breakpoint
-- A product's weight in grams (optional): the Repartos view and the route sheet add it up per stop
-- and per zone when every line's product has one.
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams" CHECK ("weight_grams" IS NULL OR "weight_grams" BETWEEN 1 AND 100000000);
