-- Issue 37: one row per user and month whose "statement ready" e-mail was queued (exactly once).
CREATE TABLE "statement_notice" (
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_notice_user_id_month_pk" PRIMARY KEY("user_id","month"),
	CONSTRAINT "statement_notice_month" CHECK ("statement_notice"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "statement_notice" ADD CONSTRAINT "statement_notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;