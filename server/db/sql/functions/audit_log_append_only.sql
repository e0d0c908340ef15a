-- The audit log is never changed or removed (decision 0034): a correction is a new entry. Fired
-- once per statement, for UPDATE, DELETE and TRUNCATE alike.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: the audit log is append-only', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TV004';
END;
$$;
