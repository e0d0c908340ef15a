-- Postings by the time they were written, for the work that reads what changed since a moment
-- (the periodic ledger check, a day's figures) instead of the whole table (decision 0063). BRIN:
-- postings are appended in time order, so a few kilobytes of block ranges find a day among years,
-- and writing a posting costs almost nothing more.
CREATE INDEX CONCURRENTLY IF NOT EXISTS posting_created_at_brin ON posting USING brin (created_at);
