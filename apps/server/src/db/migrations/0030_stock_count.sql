-- The warehouse's stock count (decision 069): the stock set to what is on the shelf is a ledger
-- movement of its own kind, so the history tells a count from an office edit or an import.
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("kind" in ('opening','order','order_cancel_restock','admin_edit','import','order_edit','credit_note_restock','count'));
