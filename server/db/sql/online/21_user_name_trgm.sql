-- As 20_user_email_trgm.sql, for any fragment of a name.
CREATE INDEX CONCURRENTLY IF NOT EXISTS user_name_trgm ON "user" USING gin (name gin_trgm_ops);
