import type { Readable } from 'node:stream';
import {
  DATA_EXPORT_BUSY_MESSAGE,
  DATA_EXPORT_EXPIRED_MESSAGE,
  DATA_EXPORT_FOREIGN_MESSAGE,
  DATA_EXPORT_LINK_HOURS,
  DATA_EXPORT_NOT_VALID_MESSAGE,
  DATA_EXPORT_PAGE,
  DATA_EXPORT_TOKEN_PARAM,
  DATA_EXPORT_USED_MESSAGE,
  type DataExportState,
} from '@kora/contracts';
import type { Db } from '../../db/client.js';
import { lockMediaKeys } from '../../db/media-references.js';
import { BadRequest, Conflict, Forbidden } from '../../http/errors.js';
import { DATA_EXPORT_ATTEMPTS, DATA_EXPORT_JOB } from '../../jobs/handlers/data-export.js';
import { enqueueJob, JOB_PRIORITY } from '../../jobs/queue.js';
import type { MediaStorage } from '../../media/storage.js';
import { createSessionToken, hashSessionToken, isWellFormedToken } from '../auth/session-token.js';
import { queueMail } from '../mail/queue-mail.js';
import { dataExportReadyMail } from '../mail/templates/account-mails.js';
import { dataExportFiles } from './export-contents.js';
import { discardExportFile, type ExportQueries } from './export-queries.js';
import { zipStream } from './zip-stream.js';

const HOUR_MS = 60 * 60 * 1000;

/** What a download answers: the file as a stream, read once; the copy is spent already. */
export type ExportDownload = { body: Readable; size: number; filename: string };

type Deps = {
  db: Db;
  queries: ExportQueries;
  storage: MediaStorage;
  /** PUBLIC_ORIGIN (config.linkOrigin): the e-mailed link's origin, never a request's Host. */
  linkOrigin: string;
  now?: () => Date;
};

/**
 * "Download my data" (issue 18): a request queues the 'data-export' job, which writes the ZIP to the
 * media store and e-mails a link; the link's token, with the owner's session, downloads it once
 * within DATA_EXPORT_LINK_HOURS, after which the file is deleted.
 */
export function createExportService({ db, queries, storage, linkOrigin, now = () => new Date() }: Deps) {
  return {
    async state(userId: number): Promise<DataExportState> {
      const row = await queries.findLatest(userId);
      if (!row) return { status: 'none', requestedAt: null, expiresAt: null };
      const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now();
      return {
        status: expired ? 'expired' : row.status,
        requestedAt: row.requestedAt.toISOString(),
        expiresAt: row.status === 'ready' && row.expiresAt ? row.expiresAt.toISOString() : null,
      };
    },

    /** Queued with its row in one transaction: a copy is asked for and made, or neither. */
    async request(userId: number): Promise<DataExportState> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await queries.insertPreparing(tx, userId, at);
        if (!row) throw new Conflict(DATA_EXPORT_BUSY_MESSAGE);
        await enqueueJob(tx, DATA_EXPORT_JOB, { exportId: row.id }, { maxAttempts: DATA_EXPORT_ATTEMPTS, priority: JOB_PRIORITY.listenerWaiting });
      });
      return { status: 'preparing', requestedAt: at.toISOString(), expiresAt: null };
    },

    /**
     * The job's work: the ZIP streamed into the store, then, in one transaction, the copy made ready
     * with its link's token (only its hash kept) and the e-mail with the link queued.
     */
    async build(exportId: number): Promise<{ outcome: 'ready' | 'skipped'; size?: number }> {
      const target = await queries.findPreparing(exportId);
      if (!target) return { outcome: 'skipped' };
      const madeAt = now();
      const stored = await storage.put(zipStream(dataExportFiles(db, target.userId, madeAt), madeAt), {
        extension: 'zip',
        contentType: 'application/zip',
      });
      const token = createSessionToken();
      const expiresAt = new Date(now().getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);
      const ready = await db.transaction(async (tx) => {
        await lockMediaKeys(tx, [stored.key]);
        const marked = await queries.markReady(tx, exportId, { tokenHash: hashSessionToken(token), fileKey: stored.key, fileSize: stored.size, expiresAt });
        if (!marked) return false;
        // The token goes in the fragment, which browsers never send to a server: it stays out of logs.
        const downloadUrl = `${linkOrigin}${DATA_EXPORT_PAGE}#${DATA_EXPORT_TOKEN_PARAM}=${token}`;
        await queueMail(tx, { address: target.email, name: target.firstName }, dataExportReadyMail({ name: target.firstName, downloadUrl, expiresAt }));
        return true;
      });
      if (!ready) {
        await discardExportFile(db, storage, exportId, stored.key);
        return { outcome: 'skipped' };
      }
      return { outcome: 'ready', size: stored.size };
    },

    async markFailed(exportId: number): Promise<void> {
      await queries.markFailed(exportId);
    },

    /**
     * Spends the link and opens its file, for the signed-in owner only. A token of another account is
     * refused (403) and stays usable by its owner; a used, expired or unknown one is refused (400).
     * Each refusal changes nothing. The file is deleted once the answer is over (or by the sweep).
     */
    async download(userId: number, token: string): Promise<ExportDownload> {
      if (!isWellFormedToken(token)) throw new BadRequest(DATA_EXPORT_NOT_VALID_MESSAGE);
      const at = now();
      const opened = await db.transaction(async (tx) => {
        const row = await queries.lockByToken(tx, hashSessionToken(token));
        if (!row) throw new BadRequest(DATA_EXPORT_NOT_VALID_MESSAGE);
        if (row.userId !== userId) throw new Forbidden(DATA_EXPORT_FOREIGN_MESSAGE);
        if (row.status === 'downloaded') throw new BadRequest(DATA_EXPORT_USED_MESSAGE);
        if (row.status !== 'ready' || !row.fileKey || !row.expiresAt || row.expiresAt <= at) throw new BadRequest(DATA_EXPORT_EXPIRED_MESSAGE);
        // Opened before the link is spent: a store that cannot read it leaves the link as it was.
        const body = await storage.read(row.fileKey);
        try {
          await queries.markDownloaded(tx, row.id, at);
        } catch (error) {
          body.destroy();
          throw error;
        }
        return { id: row.id, fileKey: row.fileKey, size: row.fileSize ?? 0, body, requestedAt: row.requestedAt };
      });
      opened.body.once('close', () => {
        discardExportFile(db, storage, opened.id, opened.fileKey).catch(() => {
          // The sweep deletes what is left of a spent copy.
        });
      });
      return { body: opened.body, size: opened.size, filename: `kora-data-${opened.requestedAt.toISOString().slice(0, 10)}.zip` };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
