CREATE TABLE "ledger_totals_hour" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"available_cents" bigint NOT NULL,
	"invested_cents" bigint NOT NULL,
	"payout_hold_cents" bigint NOT NULL,
	"deposits_account_cents" bigint NOT NULL,
	"interest_account_cents" bigint NOT NULL,
	"payouts_account_cents" bigint NOT NULL,
	"fees_account_cents" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
