-- Triggers are written in the order PostgreSQL prints them (pg_get_triggerdef), which tests/ledger-sql.test.ts compares.
CREATE OR REPLACE TRIGGER journal_append_only BEFORE DELETE OR UPDATE OR TRUNCATE ON journal
  FOR EACH STATEMENT EXECUTE FUNCTION append_only('the ledger', 'TV003');
