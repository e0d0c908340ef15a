-- The ledger's and the audit log's append-only triggers call one function, append_only(), with
-- what each guards and its error code (server/db/sql/functions/append_only.sql, copied here so the
-- triggers never point at a missing function; the files are applied again right after). The two
-- functions it replaces are then dropped; audit_log_append_only() exists only where the ledger's
-- SQL files were applied before this migration.
CREATE OR REPLACE FUNCTION append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: % is append-only', TG_OP, TG_TABLE_NAME, TG_ARGV[0] USING ERRCODE = TG_ARGV[1];
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER journal_append_only BEFORE DELETE OR UPDATE OR TRUNCATE ON journal
  FOR EACH STATEMENT EXECUTE FUNCTION append_only('the ledger', 'TV003');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER posting_append_only BEFORE DELETE OR UPDATE OR TRUNCATE ON posting
  FOR EACH STATEMENT EXECUTE FUNCTION append_only('the ledger', 'TV003');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_account_kept BEFORE DELETE OR TRUNCATE ON ledger_account
  FOR EACH STATEMENT EXECUTE FUNCTION append_only('the ledger', 'TV003');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION append_only('the audit log', 'TV004');
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_append_only();
--> statement-breakpoint
DROP FUNCTION IF EXISTS audit_log_append_only();
