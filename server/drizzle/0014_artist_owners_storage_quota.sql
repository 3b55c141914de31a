DROP INDEX "artists_name_lower_idx";--> statement-breakpoint
DROP INDEX "artists_created_by_idx";--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "renditions_reserved_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "media_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "artists_owner_name_unique" ON "artists" USING btree ("created_by",lower("name"));--> statement-breakpoint
-- Uploads made before artists had owners were credited to any artist of their name: the catalogue's or another listener's. Each moves to an artist of its uploader's own.
INSERT INTO "artists" ("name", "created_by")
SELECT DISTINCT ON (r."user_id", lower(a."name")) a."name", r."user_id"
FROM "releases" r JOIN "artists" a ON a."id" = r."artist_id"
WHERE a."created_by" IS DISTINCT FROM r."user_id"
ON CONFLICT ("created_by", lower("name")) DO NOTHING;--> statement-breakpoint
INSERT INTO "artists" ("name", "created_by")
SELECT DISTINCT ON (r."user_id", lower(a."name")) a."name", r."user_id"
FROM "song_featured_artists" f
JOIN "songs" s ON s."id" = f."song_id"
JOIN "releases" r ON r."id" = s."release_id"
JOIN "artists" a ON a."id" = f."artist_id"
WHERE a."created_by" IS DISTINCT FROM r."user_id"
ON CONFLICT ("created_by", lower("name")) DO NOTHING;--> statement-breakpoint
UPDATE "releases" r SET "artist_id" = own."id"
FROM "artists" a, "artists" own
WHERE a."id" = r."artist_id" AND a."created_by" IS DISTINCT FROM r."user_id"
  AND own."created_by" = r."user_id" AND lower(own."name") = lower(a."name");--> statement-breakpoint
UPDATE "songs" s SET "artist_id" = own."id"
FROM "releases" r, "artists" a, "artists" own
WHERE r."id" = s."release_id" AND a."id" = s."artist_id" AND a."created_by" IS DISTINCT FROM r."user_id"
  AND own."created_by" = r."user_id" AND lower(own."name") = lower(a."name");--> statement-breakpoint
UPDATE "albums" al SET "artist_id" = own."id"
FROM "releases" r, "artists" a, "artists" own
WHERE r."id" = al."release_id" AND a."id" = al."artist_id" AND a."created_by" IS DISTINCT FROM r."user_id"
  AND own."created_by" = r."user_id" AND lower(own."name") = lower(a."name");--> statement-breakpoint
UPDATE "song_featured_artists" f SET "artist_id" = own."id"
FROM "songs" s, "releases" r, "artists" a, "artists" own
WHERE s."id" = f."song_id" AND r."id" = s."release_id" AND a."id" = f."artist_id" AND a."created_by" IS DISTINCT FROM r."user_id"
  AND own."created_by" = r."user_id" AND lower(own."name") = lower(a."name")
  AND NOT EXISTS (SELECT 1 FROM "song_featured_artists" g WHERE g."song_id" = f."song_id" AND g."artist_id" = own."id");
