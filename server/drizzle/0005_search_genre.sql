-- Genre joins the song's search document at the lowest weight (D), so a genre tile's search finds
-- that genre's songs, below any song whose title, artists or album hold the same words.
-- Its words are stored marked ('#jazz'): the parser never keeps '#' in a word, so no title or name
-- folds to them, and a search of titles and names never reads the postings of a whole genre's
-- songs (thousands of rows a weight filter would have to recheck). Only the search tiers that take
-- the genre into account ask for the marked words.
CREATE FUNCTION kora_genre_search_vector(genre text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT setweight(array_to_tsvector(array(
      SELECT '#' || lexeme FROM unnest(tsvector_to_array(to_tsvector('simple', kora_search_fold(genre)))) AS lexeme)), 'D')
  $$;
--> statement-breakpoint
CREATE FUNCTION kora_song_search_vector(target_song_id integer, song_title text, song_artist_id integer, song_album_id integer, song_genre text)
  RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
  artist_names text;
  album_title text;
BEGIN
  SELECT a.name INTO artist_names FROM artists a WHERE a.id = song_artist_id;
  SELECT concat_ws(' ', artist_names, string_agg(a.name, ' ' ORDER BY f.position)) INTO artist_names
    FROM song_featured_artists f JOIN artists a ON a.id = f.artist_id
    WHERE f.song_id = target_song_id;
  SELECT al.title INTO album_title FROM albums al WHERE al.id = song_album_id;
  RETURN setweight(to_tsvector('simple', kora_search_fold(song_title)), 'A')
    || setweight(to_tsvector('simple', coalesce(kora_search_fold(artist_names), '')), 'B')
    || setweight(to_tsvector('simple', coalesce(kora_search_fold(album_title), '')), 'C')
    || coalesce(kora_genre_search_vector(song_genre), '');
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kora_refresh_song_search(song_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE songs SET search_vector = kora_song_search_vector(id, title, artist_id, album_id, genre) WHERE id = ANY(song_ids)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kora_songs_set_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := kora_song_search_vector(NEW.id, NEW.title, NEW.artist_id, NEW.album_id, NEW.genre);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP FUNCTION kora_song_search_vector(integer, text, integer, integer);
--> statement-breakpoint
DROP TRIGGER songs_search_vector ON songs;
--> statement-breakpoint
CREATE TRIGGER songs_search_vector BEFORE INSERT OR UPDATE OF title, artist_id, album_id, genre ON songs
  FOR EACH ROW EXECUTE FUNCTION kora_songs_set_search_vector();
--> statement-breakpoint
-- Genre words join the typo-tolerance vocabulary, so a misspelt genre still finds its songs.
CREATE OR REPLACE FUNCTION kora_songs_remember_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kora_remember_search_words(array(SELECT title FROM new_rows UNION SELECT genre FROM new_rows WHERE genre IS NOT NULL));
  ELSE
    PERFORM kora_remember_search_words(ARRAY[NEW.title, NEW.genre]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER songs_search_words_on_retitle ON songs;
--> statement-breakpoint
CREATE TRIGGER songs_search_words_on_change AFTER UPDATE OF title, genre ON songs
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.genre IS DISTINCT FROM NEW.genre)
  EXECUTE FUNCTION kora_songs_remember_words();
--> statement-breakpoint
-- Catalogues created before this migration.
UPDATE songs SET search_vector = kora_song_search_vector(id, title, artist_id, album_id, genre) WHERE genre IS NOT NULL;
--> statement-breakpoint
SELECT kora_remember_search_words(array(SELECT DISTINCT genre FROM songs WHERE genre IS NOT NULL));
