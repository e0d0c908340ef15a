-- The back office's user search matches any fragment of an e-mail address, whatever its case
-- (ILIKE '%…%'): a trigram index finds the few matches among a million accounts (decision 0063).
CREATE INDEX CONCURRENTLY IF NOT EXISTS user_email_trgm ON "user" USING gin (email gin_trgm_ops);
