-- The back office's users, newest first (its default order, by created_at then id): read a page
-- from the index instead of sorting every account on each request (decision 0063).
CREATE INDEX CONCURRENTLY IF NOT EXISTS user_created_at_id ON "user" (created_at, id);
