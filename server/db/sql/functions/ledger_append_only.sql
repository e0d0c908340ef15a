-- Journals and postings are never changed or removed, and accounts are never removed (decision
-- 0019): a correction is a new journal. Fired once per statement, so it costs nothing per row.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: the ledger is append-only', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TV003';
END;
$$;
