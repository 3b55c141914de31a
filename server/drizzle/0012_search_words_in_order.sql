-- New words are inserted in one order, whichever writer finds them: two transactions caching
-- overlapping catalogue tracks at once (concurrent searches, an import) then wait for each
-- other instead of each holding a word the other needs (a deadlock on PostgreSQL).
CREATE OR REPLACE FUNCTION kora_remember_search_words(texts text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT lexeme FROM unnest(texts) AS t, unnest(tsvector_to_array(to_tsvector('simple', kora_search_fold(t)))) AS lexeme
  ORDER BY lexeme
  ON CONFLICT DO NOTHING
$$;
