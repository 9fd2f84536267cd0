-- The ledgers-and-contracts work (decision 023): placing an order sends its last writes and COMMIT in one round-trip, so
-- a write that must refuse (not enough stock, not enough points) cannot answer "0 rows" and let
-- Node decide: it raises instead, the transaction is aborted, and the COMMIT queued behind it ends
-- it as a rollback. `reason` is the error's message (what the server maps to its own error), and
-- `detail` what it needs to explain it (e.g. the refused product ids).
CREATE OR REPLACE FUNCTION "require_or_raise"("ok" boolean, "reason" text, "detail" text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason, DETAIL = coalesce(detail, '');
  END IF;
  RETURN true;
END
$$;
