CREATE TABLE "data_usage" (
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"quality" text DEFAULT '' NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_usage_user_id_device_id_day_kind_quality_pk" PRIMARY KEY("user_id","device_id","day","kind","quality"),
	CONSTRAINT "data_usage_bytes_nonnegative" CHECK ("data_usage"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "loudness_lufs" real;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "true_peak_dbtp" real;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "track_gain_db" real;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_data_limit_mb" integer;--> statement-breakpoint
ALTER TABLE "data_usage" ADD CONSTRAINT "data_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_usage_user_day_idx" ON "data_usage" USING btree ("user_id","day");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_monthly_data_limit_range" CHECK ("users"."monthly_data_limit_mb" IS NULL OR "users"."monthly_data_limit_mb" BETWEEN 50 AND 1000000);