CREATE OR REPLACE TRIGGER user_ledger_accounts AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_user_ledger_accounts();
