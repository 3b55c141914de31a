ALTER TABLE "payment_events" ADD COLUMN "waiting_for" text;--> statement-breakpoint
ALTER TABLE "payment_subscriptions" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_events_parked_idx" ON "payment_events" USING btree ("waiting_for") WHERE "payment_events"."outcome" = 'parked';