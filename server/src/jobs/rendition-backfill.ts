import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs, songRenditions, songs } from '../db/schema.js';
import { TRANSCODE_SONG_JOB } from './handlers/transcode-song.js';

// Its own namespace: only backfills of concurrently starting processes wait on it.
const BACKFILL_LOCK = sql`727276, 0`;

/**
 * Enqueues a 'transcode-song' job for every live local song with an audio file but no rendition
 * that has no such job queued or running yet (the demo catalogue, songs from before renditions
 * existed, songs processed while ffmpeg was missing). One statement, so running it again, or from
 * several processes (they take the lock in turn), enqueues nothing new. Returns how many it added.
 *
 * The jobs lookup has no index on payload->>'songId'; the status filter (jobs_ready_idx) keeps it to
 * the unfinished jobs, a few per song at most.
 */
export async function enqueueRenditionBackfill(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK})`);
    // Both drivers (PGlite, node-postgres) answer with { rows }; Db's type leaves the result unknown.
    const result = (await tx.execute(sql`
      insert into ${jobs} (type, payload)
      select ${TRANSCODE_SONG_JOB}, jsonb_build_object('songId', s.id)
      from ${songs} s
      where s.status = 'live'
        and s.source = 'local'
        and s.file_key is not null
        and not exists (select 1 from ${songRenditions} r where r.song_id = s.id)
        and not exists (
          select 1 from ${jobs} j
          where j.type = ${TRANSCODE_SONG_JOB}
            and j.status in ('queued', 'running')
            and j.payload ->> 'songId' = s.id::text)
      order by s.id
      returning id`)) as { rows: unknown[] };
    return result.rows.length;
  });
}
