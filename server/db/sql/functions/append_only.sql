-- Journals and postings are never changed or removed, nor are ledger accounts removed (decision
-- 0019), and the audit log is never changed or removed (decision 0034): a correction is a new
-- entry. One function for all their triggers, each passing what it guards and the error code to
-- raise: TG_ARGV = (what, SQLSTATE). Fired once per statement, so it costs nothing per row.
CREATE OR REPLACE FUNCTION append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: % is append-only', TG_OP, TG_TABLE_NAME, TG_ARGV[0] USING ERRCODE = TG_ARGV[1];
END;
$$;
