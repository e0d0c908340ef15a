-- Decision 0061. The overview's 90-day charts read one row per day, written by the daily-figures
-- job once the day is complete, instead of summing postings on every request. A day's postings are
-- found through posting_created_at_brin (server/db/sql/online/10_posting_created_at_brin.sql).
CREATE TABLE "daily_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"deposits_cents" bigint NOT NULL,
	"payouts_cents" bigint NOT NULL,
	"under_management_cents" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
