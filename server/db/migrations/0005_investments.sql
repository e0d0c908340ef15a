CREATE TABLE "investment" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"principal_cents" bigint NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"term_days" integer NOT NULL,
	"profit_cents" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_journal_id" text,
	"settle_journal_id" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_principal_positive" CHECK ("investment"."principal_cents" > 0 and "investment"."profit_cents" >= 0),
	CONSTRAINT "investment_status" CHECK ("investment"."status" in ('active', 'matured'))
);
--> statement-breakpoint
ALTER TABLE "investment" ADD CONSTRAINT "investment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment" ADD CONSTRAINT "investment_plan_id_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment" ADD CONSTRAINT "investment_start_journal_id_journal_id_fk" FOREIGN KEY ("start_journal_id") REFERENCES "public"."journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment" ADD CONSTRAINT "investment_settle_journal_id_journal_id_fk" FOREIGN KEY ("settle_journal_id") REFERENCES "public"."journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_user_id_created_at_idx" ON "investment" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investment_due_idx" ON "investment" USING btree ("status","matures_at");