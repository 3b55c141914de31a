import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { createAccountPurge } from '../features/account-data/account-purge.js';
import { createDeletionQueries } from '../features/account-data/deletion-queries.js';
import { createExportQueries } from '../features/account-data/export-queries.js';
import { createExportService } from '../features/account-data/export-service.js';
import { createPaystackProvider } from '../features/billing/paystack/paystack-client.js';
import { backfillImageColors } from '../media/image-colors.js';
import type { MediaStorage } from '../media/storage.js';
import { backfillCoverVariants } from './cover-variant-backfill.js';
import { startDataExportSweeps } from './data-export-sweep.js';
import { startDoneJobSweeps } from './done-job-sweep.js';
import type { Mailer } from '../features/mail/mailer.js';
import { createDataExportHandler, DATA_EXPORT_JOB } from './handlers/data-export.js';
import { createPasswordResetRequestHandler, PASSWORD_RESET_REQUEST_JOB } from './handlers/password-reset-request.js';
import { createProcessReleaseHandler, PROCESS_RELEASE_JOB } from './handlers/process-release.js';
import { createPurgeAccountHandler, PURGE_ACCOUNT_JOB } from './handlers/purge-account.js';
import { createSendMailHandler, SEND_MAIL_JOB } from './handlers/send-mail.js';
import { createStopProviderRenewalHandler, STOP_PROVIDER_RENEWAL_JOB } from './handlers/stop-provider-renewal.js';
import { createTranscodeSongHandler, TRANSCODE_SONG_JOB } from './handlers/transcode-song.js';
import { sweepOrphans } from './orphan-sweep.js';
import { startPassNoticeSweeps } from './pass-notice-sweep.js';
import { createJobQueue, JOBS_CHANNEL } from './queue.js';
import { startRejectedMediaSweeps } from './rejected-media-sweep.js';
import { enqueueRenditionBackfill, waitForRenditionBackfill } from './rendition-backfill.js';
import { createWorker, type JobLog } from './worker.js';

export type BackgroundWork = {
  /** Resolves once the start-up rendition backfill has been transcoded (LISTEN_AFTER_BACKFILL). */
  backfilled(): Promise<void>;
  /** Stops the sweep, waits up to timeoutMs for running jobs, gives back the leases of the rest. */
  stop(timeoutMs: number): Promise<void>;
};

/** Scratch copies of tracks while a job reads them; a crash leaves them, the next start's sweep removes them. */
export function jobScratchDir(dataDir: string): string {
  return path.join(dataDir, 'work');
}

/**
 * What the server does besides answering requests: the orphan sweep, once, in the background, and
 * (unless JOBS_ENABLED=false) the job worker (release reviews, transcodes, e-mails, Paystack renewal
 * stops, data exports, account purges), the jobs that give renditions to the songs without any,
 * the smaller copies and placeholder colours of covers stored before they existed, at start and every hour, the deletion
 * of the files of releases rejected longer ago than REJECTED_MEDIA_GRACE_DAYS, and, at start and every 15 minutes, the notices
 * of passes about to end or ended (pass-notice-sweep.ts), and the deletion of data exports' files once spent (data-export-sweep.ts),
 * and, at start and every hour, the removal of jobs done longer ago than a week (done-job-sweep.ts).
 */
export function startBackgroundWork({
  config,
  db,
  listen,
  storage,
  mailer,
  log,
}: {
  config: Config;
  db: Db;
  /** The database's notifications: the worker wakes when a job is enqueued, here or in another process. */
  listen: Database['listen'];
  storage: MediaStorage;
  mailer: Mailer;
  log: JobLog;
}): BackgroundWork {
  const scratchDir = jobScratchDir(config.dataDir);
  const sweepAbort = new AbortController();
  const sweep = sweepOrphans({ db, storage, graceMs: config.orphanGraceMs, tempDirs: [scratchDir], signal: sweepAbort.signal }).then(
    (result) => log.info(result, 'Orphan sweep finished'),
    (error: unknown) => {
      if (!sweepAbort.signal.aborted) log.error({ err: error }, 'Orphan sweep failed');
    },
  );

  const worker = config.jobs.enabled
    ? createWorker({
        queue: createJobQueue(db, { workerId: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, leaseMs: config.jobs.leaseMs }),
        handlers: {
          [PROCESS_RELEASE_JOB]: createProcessReleaseHandler({ db, storage, scratchDir }),
          [TRANSCODE_SONG_JOB]: createTranscodeSongHandler({ db, storage, scratchDir }),
          [SEND_MAIL_JOB]: createSendMailHandler({ db, mailer }),
          [PASSWORD_RESET_REQUEST_JOB]: createPasswordResetRequestHandler({ db, linkOrigin: config.linkOrigin }),
          [DATA_EXPORT_JOB]: createDataExportHandler({
            exports: createExportService({ db, queries: createExportQueries(db), storage, linkOrigin: config.linkOrigin }),
          }),
          [PURGE_ACCOUNT_JOB]: createPurgeAccountHandler({ db, accounts: createAccountPurge({ db, queries: createDeletionQueries(db), storage }) }),
          // A process without the provider's key leaves these to one that has it.
          ...(config.payments.paystack
            ? { [STOP_PROVIDER_RENEWAL_JOB]: createStopProviderRenewalHandler({ db, provider: createPaystackProvider(config.payments.paystack) }) }
            : {}),
        },
        concurrency: config.jobs.concurrency,
        listen: (onQueued) => listen(JOBS_CHANNEL, onQueued),
        log,
      })
    : undefined;
  worker?.start();
  const backfill = worker
    ? enqueueRenditionBackfill(db).then(
        (enqueued) => log.info({ enqueued }, 'Rendition backfill enqueued'),
        (error: unknown) => log.error({ err: error }, 'Rendition backfill failed'),
      )
    : undefined;
  const coverBackfillAbort = new AbortController();
  const coverBackfill = config.jobs.enabled
    ? backfillCoverVariants({ db, storage, log, signal: coverBackfillAbort.signal }).then(
        (result) => log.info(result, 'Cover variant backfill finished'),
        (error: unknown) => {
          if (!coverBackfillAbort.signal.aborted) log.error({ err: error }, 'Cover variant backfill failed');
        },
      )
    : undefined;
  // The placeholder colours of images stored before colours were kept; cheap once they all have one.
  const colorBackfill = config.jobs.enabled
    ? backfillImageColors({ db, storage, log, signal: coverBackfillAbort.signal }).then(
        (result) => log.info(result, 'Image colour backfill finished'),
        (error: unknown) => {
          if (!coverBackfillAbort.signal.aborted) log.error({ err: error }, 'Image colour backfill failed');
        },
      )
    : undefined;

  const rejectedMediaSweeps = config.jobs.enabled
    ? startRejectedMediaSweeps({ db, storage, graceMs: config.rejectedMediaGraceMs, log })
    : undefined;
  // Started here, not in buildApp: API tests run the sweep themselves, so it never races their own reads.
  const passNoticeSweeps = config.jobs.enabled ? startPassNoticeSweeps({ db, log }) : undefined;
  const dataExportSweeps = config.jobs.enabled ? startDataExportSweeps({ db, storage, log }) : undefined;
  const doneJobSweeps = config.jobs.enabled ? startDoneJobSweeps({ db, log }) : undefined;

  return {
    async backfilled() {
      // With jobs off (refused by loadConfig when waited for) there is nothing of this process's to wait for.
      if (!backfill) return;
      await backfill;
      await waitForRenditionBackfill(db, sweepAbort.signal);
    },
    async stop(timeoutMs) {
      sweepAbort.abort();
      coverBackfillAbort.abort();
      await Promise.all([sweep, backfill, coverBackfill, colorBackfill, rejectedMediaSweeps?.stop(), passNoticeSweeps?.stop(), dataExportSweeps?.stop(), doneJobSweeps?.stop(), worker?.stop(timeoutMs)]);
    },
  };
}
