-- Appends an audit entry to the chain (decision 0034): under one transaction-level advisory lock
-- (held until the writer commits, so two writers never read the same head), the entry takes the
-- next seq and the head's hash as prev_hash, then its own hash. Whatever the caller wrote in seq,
-- prev_hash and hash is replaced. 7_303_324 is the audit chain's lock, used nowhere else.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  head record;
BEGIN
  PERFORM pg_advisory_xact_lock(7303324);
  SELECT a.seq, a.hash INTO head FROM audit_log a ORDER BY a.seq DESC LIMIT 1;
  NEW.seq := coalesce(head.seq, 0) + 1;
  NEW.prev_hash := coalesce(head.hash, repeat('0', 64));
  NEW.hash := audit_log_entry_hash(NEW.prev_hash, NEW.seq, NEW.id, NEW.created_at, NEW.actor_id, NEW.action, NEW.target_type, NEW.target_id, NEW.request_id, NEW.before, NEW.after);
  RETURN NEW;
END;
$$;
