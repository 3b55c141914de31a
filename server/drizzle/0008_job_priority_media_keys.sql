ALTER TABLE "jobs" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "albums_cover_key_idx" ON "albums" USING btree ("cover_key");--> statement-breakpoint
CREATE INDEX "artists_image_key_idx" ON "artists" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "jobs_song_idx" ON "jobs" USING btree (("payload" ->> 'songId')) WHERE "jobs"."type" = 'transcode-song';--> statement-breakpoint
CREATE INDEX "playlists_cover_key_idx" ON "playlists" USING btree ("cover_key");--> statement-breakpoint
CREATE INDEX "song_renditions_file_key_idx" ON "song_renditions" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "songs_file_key_idx" ON "songs" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "songs_cover_key_idx" ON "songs" USING btree ("cover_key");