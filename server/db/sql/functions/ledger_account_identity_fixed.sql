-- An account's id, owner and kind never change once it exists (decision 0021), so post_journal's
-- balance UPDATE needs no per-row re-check. Fired per statement, and only by an UPDATE naming those
-- columns, which no balance move does.
CREATE OR REPLACE FUNCTION ledger_account_identity_fixed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'an account''s id, owner and kind never change' USING ERRCODE = 'TV003';
END;
$$;
