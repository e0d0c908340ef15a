-- The overview's "maturing within a week" (count, principal, profit) off the index alone: on a
-- large platform a week's maturities are many thousands of rows whose heap pages a sum would
-- otherwise read (decision 0065).
CREATE INDEX CONCURRENTLY IF NOT EXISTS investment_active_due_amounts ON investment (matures_at) INCLUDE (principal_cents, profit_cents) WHERE status = 'active';
