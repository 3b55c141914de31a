CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"deletions" text[] GENERATED ALWAYS AS (kora_word_deletions(word)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', kora_search_fold(name))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_deletions_idx" ON "search_words" USING gin ("deletions") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "artists_search_idx" ON "artists" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "songs_search_idx" ON "songs" USING gin ("search_vector") WITH (fastupdate=false);