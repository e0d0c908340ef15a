DROP INDEX "investment_due_idx";--> statement-breakpoint
CREATE INDEX "investment_active_due_idx" ON "investment" USING btree ("matures_at","id") WHERE "investment"."status" = 'active';