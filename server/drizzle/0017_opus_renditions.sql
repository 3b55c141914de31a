DROP INDEX "song_renditions_song_bitrate_unique";--> statement-breakpoint
ALTER TABLE "song_renditions" ADD COLUMN "codec" text DEFAULT 'mp3' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "song_renditions_song_codec_bitrate_unique" ON "song_renditions" USING btree ("song_id","codec","bitrate_kbps");--> statement-breakpoint
ALTER TABLE "song_renditions" ADD CONSTRAINT "song_renditions_codec_check" CHECK ("song_renditions"."codec" in ('mp3', 'opus'));