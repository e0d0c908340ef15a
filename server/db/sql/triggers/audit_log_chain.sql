-- Triggers are written in the order PostgreSQL prints them (pg_get_triggerdef), which tests/ledger-sql.test.ts compares.
CREATE OR REPLACE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
