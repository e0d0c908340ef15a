-- Trigram matching, for the back office's search of users by any fragment of an e-mail address or a
-- name (decision 0063). A trusted extension (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
