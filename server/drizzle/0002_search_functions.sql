-- Search folds the catalogue and the query with the same SQL function, so both sides always agree
-- (on PGlite and PostgreSQL alike). unaccent drops tone marks and dotted letters, precomposed or
-- combining (Ọlámidé, Adébáyọ̀ → olamide, adebayo); ɔ has no unaccent rule, so it is mapped here.
-- The punctuation that would glue words into one parser token (hosts, paths, hyphens) becomes a space.
-- unaccent itself is only STABLE (it reads its dictionary), so this wrapper names the dictionary
-- explicitly and is declared IMMUTABLE, which generated columns and indexes need.
CREATE FUNCTION kora_search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(translate(public.unaccent('public.unaccent'::regdictionary, value), 'Ɔɔ./@:-_+\~', 'oo         ')) $$;
--> statement-breakpoint
-- A word and every one-letter deletion of it (words longer than three letters). Two words one typo
-- apart (a letter wrong, missing, extra or swapped) always share one of these keys.
CREATE FUNCTION kora_word_deletions(word text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT array_agg(DISTINCT variant) FROM (
      SELECT word AS variant
      UNION ALL
      SELECT overlay(word PLACING '' FROM i FOR 1) FROM generate_series(1, length(word)) AS i WHERE length(word) > 3
    ) AS variants
  $$;
