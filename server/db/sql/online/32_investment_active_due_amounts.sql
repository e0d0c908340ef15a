-- The overview's "maturing within a week" (count, principal, profit) off the index alone: at a
-- million investors a week's maturities are ~150,000 rows whose heap pages a sum would otherwise
-- read (decision 0065).
CREATE INDEX CONCURRENTLY IF NOT EXISTS investment_active_due_amounts ON investment (matures_at) INCLUDE (principal_cents, profit_cents) WHERE status = 'active';
