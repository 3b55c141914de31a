import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs, songRenditions, songs } from '../db/schema.js';
import { TRANSCODE_SONG_JOB, TRANSCODE_SONG_KEY_PREFIX } from './handlers/transcode-song.js';
import { JOB_PRIORITY, JOBS_CHANNEL } from './queue.js';
import { EVERY_SONG_RENDITIONS } from './renditions.js';

// Its own namespace: only backfills of concurrently starting processes wait on it.
const BACKFILL_LOCK = sql`727276, 0`;

/** A song whose transcoding failed, or found nothing to do, is tried again after this long (the file will not change sooner). */
const RETRY_ENDED_AFTER = sql`interval '7 days'`;

/**
 * Enqueues a 'transcode-song' job for every live local song with an audio file that lacks one of the
 * renditions every song gets or its loudness (the demo catalogue, songs from before renditions, the
 * Opus ones or loudness existed, songs processed while ffmpeg was missing), unless a job for it is
 * queued or running, or one ended in the last week for a reason another run would meet again (an
 * unreadable file, failed attempts, a measurement ffmpeg could not make). A job that ended because
 * ffmpeg was missing does not count: ffmpeg may be there now; nor does one that ended done, which
 * made every rendition there was then and stored the loudness (silence too, at the gate's level). One statement, so
 * running it again, or from several processes (they take the lock in turn), enqueues nothing new.
 * Each job holds the song's singleton key (`transcode:song:<id>`): the database itself refuses a
 * second queued or running transcode of a song. Its jobs go after any a listener is waiting for.
 * Returns how many it added.
 */
export async function enqueueRenditionBackfill(db: Db): Promise<number> {
  const everySongRenditions = sql.join(
    EVERY_SONG_RENDITIONS.map(({ codec, bitrateKbps }) => sql`(${codec}::text, ${bitrateKbps}::integer)`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK})`);
    // Both drivers (PGlite, node-postgres) answer with { rows }; Db's type leaves the result unknown.
    const result = (await tx.execute(sql`
      insert into ${jobs} (type, payload, priority, singleton_key)
      select ${TRANSCODE_SONG_JOB}, jsonb_build_object('songId', s.id), ${JOB_PRIORITY.background}, ${TRANSCODE_SONG_KEY_PREFIX}::text || s.id
      from ${songs} s
      where s.status = 'live'
        and s.source = 'local'
        and s.file_key is not null
        and (s.loudness_lufs is null
          or (select count(*) from ${songRenditions} r
            where r.song_id = s.id and (r.codec, r.bitrate_kbps) in (${everySongRenditions})) < ${EVERY_SONG_RENDITIONS.length})
        and not exists (
          select 1 from ${jobs} j
          where j.type = ${TRANSCODE_SONG_JOB}
            and j.payload ->> 'songId' = s.id::text
            and (j.status in ('queued', 'running')
              or (j.updated_at > now() - ${RETRY_ENDED_AFTER}
                and coalesce(j.result ->> 'waitingFor', '') <> 'ffmpeg'
                and coalesce(j.result ->> 'outcome', '') <> 'done')))
      order by s.id
      on conflict do nothing
      returning id`)) as { rows: unknown[] };
    if (result.rows.length > 0) await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${TRANSCODE_SONG_JOB})`);
    return result.rows.length;
  });
}

/** How often waitForRenditionBackfill looks at the queue. */
const BACKFILL_POLL_MS = 250;

/** Resolves once no 'transcode-song' job is queued or running (each ended done, skipped or failed). */
export async function waitForRenditionBackfill(db: Db, signal?: AbortSignal): Promise<void> {
  for (;;) {
    signal?.throwIfAborted();
    const [row] = await db
      .select({ pending: sql<number>`count(*)::integer` })
      .from(jobs)
      .where(sql`${jobs.type} = ${TRANSCODE_SONG_JOB} and ${jobs.status} in ('queued', 'running')`);
    if (row?.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, BACKFILL_POLL_MS));
  }
}
