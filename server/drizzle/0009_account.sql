CREATE TABLE "listening_totals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"seconds_played" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "listening_totals_nonnegative" CHECK ("listening_totals"."play_count" >= 0 and "listening_totals"."seconds_played" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "listening_totals" ADD CONSTRAINT "listening_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_challenges_expires_idx" ON "login_challenges" USING btree ("expires_at");--> statement-breakpoint
-- The totals of the plays recorded before the table existed.
INSERT INTO "listening_totals" ("user_id", "play_count", "seconds_played")
SELECT "user_id", count(*), coalesce(sum("seconds_played"), 0) FROM "plays" GROUP BY "user_id";
