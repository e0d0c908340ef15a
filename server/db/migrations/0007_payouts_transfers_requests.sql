CREATE TABLE "money_request" (
	"id" text PRIMARY KEY NOT NULL,
	"requester_id" text NOT NULL,
	"payer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"wallet" text,
	"wallet_address" text,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_request_amount_positive" CHECK ("money_request"."amount_cents" > 0),
	CONSTRAINT "money_request_status" CHECK ("money_request"."status" in ('pending', 'paid', 'declined')),
	CONSTRAINT "money_request_not_self" CHECK ("money_request"."requester_id" <> "money_request"."payer_id")
);
--> statement-breakpoint
CREATE TABLE "payout" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"wallet_address" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"tx_id" text,
	"reject_reason" text,
	"hold_journal_id" text,
	"settle_journal_id" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_amount_positive" CHECK ("payout"."amount_cents" > 0),
	CONSTRAINT "payout_status" CHECK ("payout"."status" in ('requested', 'paid', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "transfer" (
	"id" text PRIMARY KEY NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"note" text,
	"journal_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_amount_positive" CHECK ("transfer"."amount_cents" > 0),
	CONSTRAINT "transfer_not_self" CHECK ("transfer"."from_user_id" <> "transfer"."to_user_id")
);
--> statement-breakpoint
ALTER TABLE "money_request" ADD CONSTRAINT "money_request_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_request" ADD CONSTRAINT "money_request_payer_id_user_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_request" ADD CONSTRAINT "money_request_transfer_id_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_hold_journal_id_journal_id_fk" FOREIGN KEY ("hold_journal_id") REFERENCES "public"."journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_settle_journal_id_journal_id_fk" FOREIGN KEY ("settle_journal_id") REFERENCES "public"."journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_from_user_id_user_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_to_user_id_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_journal_id_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_request_payer_idx" ON "money_request" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "money_request_requester_idx" ON "money_request" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_user_id_created_at_idx" ON "payout" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_status_created_at_idx" ON "payout" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "transfer_from_idx" ON "transfer" USING btree ("from_user_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_to_idx" ON "transfer" USING btree ("to_user_id","created_at");