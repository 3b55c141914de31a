CREATE TABLE "image_colors" (
	"image_key" text PRIMARY KEY NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "image_colors_hex" CHECK ("image_colors"."color" ~ '^#[0-9a-f]{6}$')
);
