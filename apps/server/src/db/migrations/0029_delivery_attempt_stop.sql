-- The driver's day keeps the route sheet's numbers: each attempt records the stop the admin had
-- set on the order (a not-delivered order moves to another day, and its stop is cleared there).
ALTER TABLE "delivery_attempts" ADD COLUMN "delivery_stop" integer;
--> statement-breakpoint
-- A day's finished stops are read by the day (the driver's list and the owner's Repartos).
CREATE INDEX "delivery_attempts_day" ON "delivery_attempts" ("delivery_date");
