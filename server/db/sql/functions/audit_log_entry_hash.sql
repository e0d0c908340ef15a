-- The hash that seals one audit entry (decision 0034): sha256, in hex, over the previous entry's
-- hash and the entry's fields, each written as "<bytes>:<text>\n" (NULL as "-\n"), so no two
-- entries serialise alike. Time is UTC to the microsecond, before/after are jsonb's own text
-- (keys in a fixed order). server/services/audit/audit-hash.ts computes the same in Node, and
-- `npm run audit -- verify` checks every entry with it, so a changed row shows whatever this
-- function says.
CREATE OR REPLACE FUNCTION audit_log_entry_hash(prev_hash text, seq bigint, id text, created_at timestamp with time zone, actor_id text, action text, target_type text, target_id text, request_id text, before jsonb, after jsonb) RETURNS text
LANGUAGE sql
AS $$
  SELECT encode(sha256(convert_to(string_agg(CASE WHEN f.v IS NULL THEN '-' ELSE octet_length(f.v)::text || ':' || f.v END || E'\n', '' ORDER BY f.n), 'UTF8')), 'hex')
  FROM unnest(ARRAY[
    prev_hash, seq::text, id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    actor_id, action, target_type, target_id, request_id, before::text, after::text
  ]) WITH ORDINALITY AS f(v, n)
$$;
