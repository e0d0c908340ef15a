-- As 30_deposit_status_amount.sql, for the payouts queue.
CREATE INDEX CONCURRENTLY IF NOT EXISTS payout_status_amount_id ON payout (status, amount_cents, id);
