-- Decision 0045. A page of the history reads each of the user's accounts newest first, a page's
-- worth of entries, instead of every posting of the user: a user account's postings by
-- (created_at, journal_id), the statement's order (a posting's created_at is its journal's, set by
-- the same transaction). Users' accounts only: platform postings, in nearly every journal, write
-- no second entry. IF NOT EXISTS: a deployment with a large posting table may build it CONCURRENTLY
-- beforehand, and this then leaves it be.
CREATE INDEX IF NOT EXISTS "posting_user_account_created_at_idx" ON "posting" USING btree ("account_id","created_at","journal_id") WHERE "posting"."account_id" like 'u:%';
