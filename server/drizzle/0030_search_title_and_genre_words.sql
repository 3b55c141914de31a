CREATE TABLE "search_genre_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "songs_title_search_idx" ON "songs" USING gin (to_tsvector('simple', kora_search_fold("title"))) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "songs_popular_title_search_idx" ON "songs" USING gin (to_tsvector('simple', kora_search_fold("title"))) WITH (fastupdate=false) WHERE "songs"."search_level" >= 1;--> statement-breakpoint
-- Genre words in one order, whichever writer finds them, as search words are (migration 0012).
CREATE FUNCTION kora_remember_genre_words(genres text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_genre_words (word)
  SELECT DISTINCT lexeme FROM unnest(genres) AS g, unnest(tsvector_to_array(to_tsvector('simple', kora_search_fold(g)))) AS lexeme
  ORDER BY lexeme
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kora_songs_remember_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kora_remember_search_words(array(SELECT title FROM new_rows UNION SELECT genre FROM new_rows WHERE genre IS NOT NULL));
    PERFORM kora_remember_genre_words(array(SELECT DISTINCT genre FROM new_rows WHERE genre IS NOT NULL));
  ELSE
    PERFORM kora_remember_search_words(ARRAY[NEW.title, NEW.genre]);
    PERFORM kora_remember_genre_words(ARRAY[NEW.genre]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT kora_remember_genre_words(array(SELECT DISTINCT genre FROM songs WHERE genre IS NOT NULL));
