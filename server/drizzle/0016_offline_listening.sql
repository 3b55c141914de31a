CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "plays_user_client_id_idx" ON "plays" USING btree ("user_id","client_id");