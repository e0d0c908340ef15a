-- A statement-level trigger: an UPDATE that names none of these columns (every balance move) never
-- fires it and costs nothing per row.
CREATE OR REPLACE TRIGGER ledger_account_identity_fixed BEFORE UPDATE OF id, user_id, kind ON ledger_account
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_identity_fixed();
