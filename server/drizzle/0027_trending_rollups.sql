CREATE TABLE "song_daily_plays" (
	"song_id" integer NOT NULL,
	"day" date NOT NULL,
	"plays" integer NOT NULL,
	CONSTRAINT "song_daily_plays_song_id_day_pk" PRIMARY KEY("song_id","day"),
	CONSTRAINT "song_daily_plays_positive" CHECK ("song_daily_plays"."plays" > 0)
);
--> statement-breakpoint
CREATE TABLE "trending_window" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"starts_on" date NOT NULL,
	CONSTRAINT "trending_window_one_row" CHECK ("trending_window"."id")
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "recent_play_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "song_daily_plays" ADD CONSTRAINT "song_daily_plays_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_daily_plays_day_idx" ON "song_daily_plays" USING btree ("day");--> statement-breakpoint
CREATE INDEX "songs_trending_idx" ON "songs" USING btree ("recent_play_count" DESC NULLS FIRST,"play_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "songs"."status" = 'live' and "songs"."listed";--> statement-breakpoint
-- The plays already recorded, rolled up per song and day (UTC), and the window's counts from them.
INSERT INTO "song_daily_plays" ("song_id", "day", "plays")
  SELECT "song_id", ("played_at" AT TIME ZONE 'UTC')::date, count(*) FROM "plays" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "trending_window" ("starts_on") VALUES ((now() AT TIME ZONE 'UTC')::date - 6);--> statement-breakpoint
UPDATE "songs" SET "recent_play_count" = "recent"."plays"
  FROM (SELECT "song_id", sum("plays")::int AS "plays" FROM "song_daily_plays"
        WHERE "day" >= (SELECT "starts_on" FROM "trending_window") GROUP BY "song_id") AS "recent"
  WHERE "recent"."song_id" = "songs"."id";
