CREATE TABLE "search_popular_floors" (
	"level" smallint PRIMARY KEY NOT NULL,
	"play_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "search_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The floors as features/search/popular-songs.ts sets them (level 1: one song in 20, at least
-- 1,000; level 2: one in 400, at least 250): the play count of that many-th most played song, or
-- 0 for a smaller catalogue. Set here, at deployment, so no listener's search waits for a large
-- catalogue to be marked.
INSERT INTO "search_popular_floors" ("level", "play_count")
  SELECT "l"."level", coalesce((SELECT "play_count" FROM "songs" ORDER BY "play_count" DESC
    OFFSET (SELECT greatest("l"."fewest", ceil(count(*) / "l"."share")::int) - 1 FROM "songs") LIMIT 1), 0)
  FROM (VALUES (1, 20.0, 1000), (2, 400.0, 250)) AS "l" ("level", "share", "fewest");--> statement-breakpoint
UPDATE "songs" SET "search_level" = (SELECT count(*) FROM "search_popular_floors" "f" WHERE "songs"."play_count" >= "f"."play_count")
  WHERE "play_count" >= (SELECT min("play_count") FROM "search_popular_floors");--> statement-breakpoint
CREATE INDEX "songs_popular_search_idx" ON "songs" USING gin ("search_vector") WITH (fastupdate=false) WHERE "songs"."search_level" >= 1;--> statement-breakpoint
CREATE INDEX "songs_top_search_idx" ON "songs" USING gin ("search_vector") WITH (fastupdate=false) WHERE "songs"."search_level" >= 2;--> statement-breakpoint
CREATE FUNCTION kora_songs_set_search_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_level := (SELECT count(*) FROM search_popular_floors f WHERE NEW.play_count >= f.play_count);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER songs_search_level BEFORE INSERT OR UPDATE OF play_count ON songs
  FOR EACH ROW EXECUTE FUNCTION kora_songs_set_search_level();
