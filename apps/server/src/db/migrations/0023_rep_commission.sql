-- A sales rep's commission on the sales they take (decision 054), in basis points: 250 = 2,5 %.
-- Null: none set. Only the owner sets it (PATCH /api/admin/staff/:id/commission), audited.
ALTER TABLE "profiles" ADD COLUMN "commission_bp" integer;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_commission_bp_range" CHECK ("commission_bp" is null or "commission_bp" between 0 and 10000);
