-- Journals by the time they were written, as postings (10_posting_created_at_brin.sql).
CREATE INDEX CONCURRENTLY IF NOT EXISTS journal_created_at_brin ON journal USING brin (created_at);
