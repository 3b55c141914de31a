import type { Db } from '../db/client.js';
import { createExportQueries, discardExportFile } from '../features/account-data/export-queries.js';
import type { MediaStorage } from '../media/storage.js';
import { type PeriodicSweep, startPeriodicSweep } from './periodic-sweep.js';
import type { JobLog } from './worker.js';

/** Files deleted a sweep at most; the rest wait for the next one. */
const BATCH_SIZE = 200;
/** How often a running server sweeps, besides once at start: a link's file outlives it by at most this. */
export const DATA_EXPORT_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Deletes the files of data exports that can no longer be downloaded: expired (24 hours after their
 * link was sent), superseded by a newer copy, failed, or downloaded but left by a download whose own
 * clean-up did not finish. Each under its key's lock, so a file another row uses stays.
 */
export async function sweepDataExports({ db, storage, now = new Date(), signal }: { db: Db; storage: MediaStorage; now?: Date; signal?: AbortSignal }) {
  const queries = createExportQueries(db);
  const spent = await queries.findSpentFiles(now, BATCH_SIZE);
  let deleted = 0;
  for (const row of spent) {
    signal?.throwIfAborted();
    if (!row.fileKey) continue;
    if (row.status === 'ready') await queries.markExpired(row.id);
    await discardExportFile(db, storage, row.id, row.fileKey);
    deleted++;
  }
  return { deleted };
}

export function startDataExportSweeps({ db, storage, log }: { db: Db; storage: MediaStorage; log: JobLog }): PeriodicSweep {
  return startPeriodicSweep({
    sweep: (signal) => sweepDataExports({ db, storage, signal }),
    intervalMs: DATA_EXPORT_SWEEP_INTERVAL_MS,
    log,
    onResult: (result) => {
      if (result.deleted > 0) log.info(result, 'Data export files deleted');
    },
    failureMessage: 'Data export sweep failed',
  });
}
