-- Decisions 046–048: staff roles, sales reps, the audit log.

-- One staff role per person (core/roles.ts). is_admin / is_super_admin stay, kept equal to the
-- role by a trigger, so whatever writes either side (older code, the seed, tests) stays consistent:
-- owner ⇔ is_super_admin, owner or admin ⇔ is_admin.
ALTER TABLE "profiles" ADD COLUMN "staff_role" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_staff_role_check" CHECK ("staff_role" IS NULL OR "staff_role" in ('owner','admin','sales','warehouse','driver'));
--> statement-breakpoint
UPDATE "profiles" SET "staff_role" = CASE WHEN "is_super_admin" THEN 'owner' WHEN "is_admin" THEN 'admin' END;
--> statement-breakpoint
CREATE FUNCTION public.profiles_sync_staff_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.staff_role IS NULL THEN
      NEW.staff_role := CASE WHEN NEW.is_super_admin THEN 'owner' WHEN NEW.is_admin THEN 'admin' END;
    END IF;
  ELSIF NEW.staff_role IS DISTINCT FROM OLD.staff_role THEN
    NULL; -- the role was written: the flags follow it
  ELSIF NEW.is_admin IS DISTINCT FROM OLD.is_admin OR NEW.is_super_admin IS DISTINCT FROM OLD.is_super_admin THEN
    NEW.staff_role := CASE WHEN NEW.is_super_admin THEN 'owner' WHEN NEW.is_admin THEN 'admin'
                           WHEN OLD.staff_role in ('owner','admin') THEN NULL ELSE OLD.staff_role END;
  END IF;
  NEW.is_super_admin := coalesce(NEW.staff_role = 'owner', false);
  NEW.is_admin := coalesce(NEW.staff_role in ('owner','admin'), false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "profiles_sync_staff_role" BEFORE INSERT OR UPDATE ON "profiles" FOR EACH ROW EXECUTE FUNCTION public.profiles_sync_staff_role();
--> statement-breakpoint
-- Sales reps: each customer may be assigned to one rep, who visits on the given ISO weekdays (1 = lunes).
ALTER TABLE "profiles" ADD COLUMN "rep_id" uuid REFERENCES "profiles"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "visit_days" smallint[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_visit_days_range" CHECK ("visit_days" <@ ARRAY[1,2,3,4,5,6,7]::smallint[]);
--> statement-breakpoint
CREATE INDEX "profiles_rep_idx" ON "profiles" ("rep_id") WHERE "rep_id" IS NOT NULL;
--> statement-breakpoint
-- Who took an order and through which channel: the customer on the web, or a rep on their behalf.
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("channel" in ('web','vendedor'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_by" uuid REFERENCES "profiles"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_taken_by_channel" CHECK ("channel" = 'vendedor' OR "taken_by" IS NULL);
--> statement-breakpoint
CREATE INDEX "orders_taken_by_idx" ON "orders" ("taken_by", "created_at" DESC) WHERE "taken_by" IS NOT NULL;
--> statement-breakpoint
-- Staff invitations: a single-use link that sets the password.
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("purpose" in ('verify_email', 'recover_password', 'staff_invite'));
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_check";
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" CHECK ("kind" in ('order_placed','status_changed','order_edited','admin_new_order','admin_order_cancelled','payment_receipt','credit_hold_released','credit_hold_rejected','account_reminder','staff_invitation'));
--> statement-breakpoint
-- A rep's collections handed in at the office ("rendición"): one row per payment confirmed.
-- payments is append-only, so the confirmation lives beside it.
CREATE TABLE "collection_confirmations" (
	"payment_id" bigint PRIMARY KEY NOT NULL REFERENCES "payments"("id") ON DELETE restrict,
	"confirmed_by" uuid REFERENCES "profiles"("id") ON DELETE SET NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The audit log: one row per staff action that changes money, stock, prices, products, orders,
-- customers, roles or settings, written in that action's transaction. Append-only: the database
-- refuses any UPDATE or DELETE. No foreign keys: a row outlives the account and the entity it names.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_role" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	CONSTRAINT "audit_log_summary_is_object" CHECK (jsonb_typeof("summary") = 'object')
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" ("entity", "entity_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "id" DESC);
--> statement-breakpoint
CREATE FUNCTION public.refuse_audit_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'audit_append_only',
    DETAIL = 'audit_log: el registro de actividad no se modifica ni se borra';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION public.refuse_audit_rewrite();
