-- A UUIDv7-shaped id: ordered by creation time, so journal and notification inserts append to the
-- right edge of their primary-key index instead of dirtying random pages. Settlement uses it for
-- the journals it creates; Node.js makes the same shape in server/db/time-ordered-uuid.ts.
CREATE OR REPLACE FUNCTION time_ordered_uuid() RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
          || substr(replace(gen_random_uuid()::text, '-', ''), 14))::uuid::text
$$;
