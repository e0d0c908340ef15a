CREATE TABLE "ledger_check" (
	"id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"problem_count" integer NOT NULL,
	"problems" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maturity_reminder" (
	"investment_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maturity_reminder_investment_id_kind_pk" PRIMARY KEY("investment_id","kind"),
	CONSTRAINT "maturity_reminder_kind" CHECK ("maturity_reminder"."kind" in ('7d', '1d'))
);
--> statement-breakpoint
ALTER TABLE "maturity_reminder" ADD CONSTRAINT "maturity_reminder_investment_id_investment_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investment"("id") ON DELETE cascade ON UPDATE no action;