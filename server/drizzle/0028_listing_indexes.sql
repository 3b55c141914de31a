DROP INDEX "plays_user_recent_idx";--> statement-breakpoint
CREATE INDEX "songs_listed_recent_idx" ON "songs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "songs"."status" = 'live' and "songs"."listed";--> statement-breakpoint
CREATE INDEX "plays_user_recent_idx" ON "plays" USING btree ("user_id","played_at","song_id");