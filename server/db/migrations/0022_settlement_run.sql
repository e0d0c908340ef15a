CREATE TABLE "settlement_run" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"settled" integer NOT NULL,
	"profit_cents" bigint NOT NULL,
	"error" text
);
