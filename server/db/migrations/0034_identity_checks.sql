CREATE TABLE "identity_case" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"legal_name" text,
	"date_of_birth" date,
	"country" text,
	"address" text,
	"document_type" text,
	"document_number" text,
	"document_country" text,
	"document_expires_on" date,
	"reason" text,
	"replace_document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignee_id" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"expiry_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_case_user_unique" UNIQUE("user_id"),
	CONSTRAINT "identity_case_status" CHECK ("identity_case"."status" in ('draft', 'submitted', 'in_review', 'approved', 'rejected', 'resubmission_requested', 'expired')),
	CONSTRAINT "identity_case_document_type" CHECK ("identity_case"."document_type" is null or "identity_case"."document_type" in ('passport', 'id_card', 'driving_licence'))
);
--> statement-breakpoint
CREATE TABLE "identity_document" (
	"id" text PRIMARY KEY NOT NULL,
	"case_id" text NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"wrapped_key" "bytea",
	"content" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	CONSTRAINT "identity_document_type" CHECK ("identity_document"."content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "identity_document_bytes" CHECK (("identity_document"."purged_at" is null) = ("identity_document"."content" is not null and "identity_document"."wrapped_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_address" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"usable_from" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "verification_level" text DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_case" ADD CONSTRAINT "identity_case_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_case" ADD CONSTRAINT "identity_case_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_case" ADD CONSTRAINT "identity_case_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_document" ADD CONSTRAINT "identity_document_case_id_identity_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."identity_case"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_document" ADD CONSTRAINT "identity_document_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_address" ADD CONSTRAINT "withdrawal_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_case_status_submitted_idx" ON "identity_case" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "identity_case_expiry_idx" ON "identity_case" USING btree ("document_expires_on") WHERE "identity_case"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "identity_document_case_idx" ON "identity_document" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_address_user_address_idx" ON "withdrawal_address" USING btree ("user_id","address") WHERE "withdrawal_address"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_address_token_idx" ON "withdrawal_address" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "user_closed_at_idx" ON "user" USING btree ("closed_at") WHERE "user"."closed_at" is not null;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_verification_level" CHECK ("user"."verification_level" in ('unverified', 'verified'));