-- On INSERT only: after creation the identity cannot change (ledger_account_identity_fixed).
CREATE OR REPLACE TRIGGER ledger_account_checked BEFORE INSERT ON ledger_account
  FOR EACH ROW EXECUTE FUNCTION ledger_account_checked();
