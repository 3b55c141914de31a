ALTER TABLE "artists" ADD COLUMN "external_image_url" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;