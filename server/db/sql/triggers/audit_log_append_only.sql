-- Triggers are written in the order PostgreSQL prints them (pg_get_triggerdef), which tests/ledger-sql.test.ts compares.
CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION append_only('the audit log', 'TV004');
