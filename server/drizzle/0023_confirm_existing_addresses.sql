-- Accounts made before addresses were confirmed (issue 18) count as confirmed: nothing could ask
-- them to confirm, and their uploads and payments must keep working. Only new accounts wait for a link.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;
