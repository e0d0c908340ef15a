CREATE TABLE "bank_reference" (
	"reference" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"deposit_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "risk_version" text;--> statement-breakpoint
ALTER TABLE "bank_reference" ADD CONSTRAINT "bank_reference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reference" ADD CONSTRAINT "bank_reference_deposit_id_deposit_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reference_unused_user_idx" ON "bank_reference" USING btree ("user_id") WHERE "bank_reference"."deposit_id" is null;--> statement-breakpoint
ALTER TABLE "notification" DROP COLUMN "link";