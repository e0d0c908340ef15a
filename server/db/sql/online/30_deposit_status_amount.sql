-- A queue of deposits by status sorted by amount (then id), a page at a time: the page comes off
-- the index and only its rows are joined to their owners, instead of every match joined to every
-- account before the sort (decision 0063).
CREATE INDEX CONCURRENTLY IF NOT EXISTS deposit_status_amount_id ON deposit (status, amount_cents, id);
