-- A job that used all its attempts is now 'dead' (issue 19): the jobs that ended 'failed' before
-- are the same state under its new name, so the operator command lists and retries them too.
UPDATE "jobs" SET "status" = 'dead' WHERE "status" = 'failed';
