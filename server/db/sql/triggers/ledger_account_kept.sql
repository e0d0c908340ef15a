CREATE OR REPLACE TRIGGER ledger_account_kept BEFORE DELETE OR TRUNCATE ON ledger_account
  FOR EACH STATEMENT EXECUTE FUNCTION append_only('the ledger', 'TV003');
