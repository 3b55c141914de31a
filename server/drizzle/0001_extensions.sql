-- Accent- and typo-tolerant search (Yoruba and Igbo tone marks fold); both exist in PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
