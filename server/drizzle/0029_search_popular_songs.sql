CREATE TABLE "search_popular_floor" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"play_count" integer NOT NULL,
	CONSTRAINT "search_popular_floor_one_row" CHECK ("search_popular_floor"."id")
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "search_popular" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The floor as features/search/popular-songs.ts sets it (one song in 20, at least 1,000): the play
-- count of that many-th most played song, or 0 for a smaller catalogue. Set here, at deployment,
-- so no listener's search waits for a large catalogue to be marked.
INSERT INTO "search_popular_floor" ("play_count")
  SELECT coalesce((SELECT "play_count" FROM "songs" ORDER BY "play_count" DESC
    OFFSET (SELECT greatest(1000, ceil(count(*) / 20.0)::int) - 1 FROM "songs") LIMIT 1), 0);--> statement-breakpoint
UPDATE "songs" SET "search_popular" = true WHERE "play_count" >= (SELECT "play_count" FROM "search_popular_floor");--> statement-breakpoint
CREATE INDEX "songs_popular_search_idx" ON "songs" USING gin ("search_vector") WITH (fastupdate=false) WHERE "songs"."search_popular";--> statement-breakpoint
CREATE FUNCTION kora_songs_set_search_popular() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_popular := NEW.play_count >= (SELECT play_count FROM search_popular_floor);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER songs_search_popular BEFORE INSERT OR UPDATE OF play_count ON songs
  FOR EACH ROW EXECUTE FUNCTION kora_songs_set_search_popular();
