-- The search columns are kept by the database itself, so every writer (seed, uploads, imports,
-- renames) keeps search right without knowing about it.

-- A song's search document: its title (weight A), its artist and featured artists (B), its album (C).
CREATE FUNCTION kora_song_search_vector(target_song_id integer, song_title text, song_artist_id integer, song_album_id integer)
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
    || setweight(to_tsvector('simple', coalesce(kora_search_fold(album_title), '')), 'C');
END $$;
--> statement-breakpoint
CREATE FUNCTION kora_refresh_song_search(song_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE songs SET search_vector = kora_song_search_vector(id, title, artist_id, album_id) WHERE id = ANY(song_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION kora_remember_search_words(texts text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT lexeme FROM unnest(texts) AS t, unnest(tsvector_to_array(to_tsvector('simple', kora_search_fold(t)))) AS lexeme
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION kora_songs_set_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := kora_song_search_vector(NEW.id, NEW.title, NEW.artist_id, NEW.album_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER songs_search_vector BEFORE INSERT OR UPDATE OF title, artist_id, album_id ON songs
  FOR EACH ROW EXECUTE FUNCTION kora_songs_set_search_vector();
--> statement-breakpoint
-- Words are remembered per statement on insert (one set-based insert for a bulk import), per row on a rename.
CREATE FUNCTION kora_songs_remember_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kora_remember_search_words(array(SELECT title FROM new_rows));
  ELSE
    PERFORM kora_remember_search_words(ARRAY[NEW.title]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER songs_search_words AFTER INSERT ON songs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kora_songs_remember_words();
--> statement-breakpoint
CREATE TRIGGER songs_search_words_on_retitle AFTER UPDATE OF title ON songs
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION kora_songs_remember_words();
--> statement-breakpoint
CREATE FUNCTION kora_artists_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kora_remember_search_words(array(SELECT name FROM new_rows));
  ELSE
    PERFORM kora_remember_search_words(ARRAY[NEW.name]);
    PERFORM kora_refresh_song_search(array(
      SELECT id FROM songs WHERE artist_id = NEW.id
      UNION SELECT song_id FROM song_featured_artists WHERE artist_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER artists_search_words AFTER INSERT ON artists REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kora_artists_search_changed();
--> statement-breakpoint
CREATE TRIGGER artists_search_on_rename AFTER UPDATE OF name ON artists
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION kora_artists_search_changed();
--> statement-breakpoint
CREATE FUNCTION kora_albums_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kora_remember_search_words(array(SELECT title FROM new_rows));
  ELSE
    PERFORM kora_remember_search_words(ARRAY[NEW.title]);
    PERFORM kora_refresh_song_search(array(SELECT id FROM songs WHERE album_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER albums_search_words AFTER INSERT ON albums REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kora_albums_search_changed();
--> statement-breakpoint
CREATE TRIGGER albums_search_on_retitle AFTER UPDATE OF title ON albums
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION kora_albums_search_changed();
--> statement-breakpoint
CREATE FUNCTION kora_featured_artists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM kora_refresh_song_search(array(SELECT DISTINCT song_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM kora_refresh_song_search(array(SELECT DISTINCT song_id FROM old_rows));
  ELSE
    PERFORM kora_refresh_song_search(array(SELECT song_id FROM new_rows UNION SELECT song_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER song_featured_artists_search_on_insert AFTER INSERT ON song_featured_artists REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kora_featured_artists_changed();
--> statement-breakpoint
CREATE TRIGGER song_featured_artists_search_on_delete AFTER DELETE ON song_featured_artists REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kora_featured_artists_changed();
--> statement-breakpoint
CREATE TRIGGER song_featured_artists_search_on_update AFTER UPDATE ON song_featured_artists
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kora_featured_artists_changed();
--> statement-breakpoint
-- Catalogues created before this migration.
UPDATE songs SET search_vector = kora_song_search_vector(id, title, artist_id, album_id);
--> statement-breakpoint
SELECT kora_remember_search_words(array(
  SELECT name FROM artists UNION ALL SELECT title FROM albums UNION ALL SELECT title FROM songs));
