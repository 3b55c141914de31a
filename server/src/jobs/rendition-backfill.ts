import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs, songRenditions, songs } from '../db/schema.js';
import { TRANSCODE_SONG_JOB } from './handlers/transcode-song.js';
import { JOB_PRIORITY } from './queue.js';

// Its own namespace: only backfills of concurrently starting processes wait on it.
const BACKFILL_LOCK = sql`727276, 0`;

/** A song whose transcoding failed, or found nothing to do, is tried again after this long (the file will not change sooner). */
const RETRY_ENDED_AFTER = sql`interval '7 days'`;

/**
 * Enqueues a 'transcode-song' job for every live local song with an audio file but no rendition
 * (the demo catalogue, songs from before renditions existed, songs processed while ffmpeg was missing),
 * unless a job for it is queued or running, or one ended in the last week for a reason another run
 * would meet again (an unreadable file, failed attempts). A job that ended because ffmpeg was missing
 * does not count: ffmpeg may be there now. One statement, so running it again, or from several
 * processes (they take the lock in turn), enqueues nothing new. Its jobs go after any a listener is
 * waiting for. Returns how many it added.
 */
export async function enqueueRenditionBackfill(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK})`);
    // Both drivers (PGlite, node-postgres) answer with { rows }; Db's type leaves the result unknown.
    const result = (await tx.execute(sql`
      insert into ${jobs} (type, payload, priority)
      select ${TRANSCODE_SONG_JOB}, jsonb_build_object('songId', s.id), ${JOB_PRIORITY.background}
      from ${songs} s
      where s.status = 'live'
        and s.source = 'local'
        and s.file_key is not null
        and not exists (select 1 from ${songRenditions} r where r.song_id = s.id)
        and not exists (
          select 1 from ${jobs} j
          where j.type = ${TRANSCODE_SONG_JOB}
            and j.payload ->> 'songId' = s.id::text
            and (j.status in ('queued', 'running')
              or (j.updated_at > now() - ${RETRY_ENDED_AFTER} and coalesce(j.result ->> 'waitingFor', '') <> 'ffmpeg')))
      order by s.id
      returning id`)) as { rows: unknown[] };
    return result.rows.length;
  });
}
