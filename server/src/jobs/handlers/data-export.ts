import { z } from 'zod';
import type { ExportService } from '../../features/account-data/export-service.js';
import type { JobHandler } from '../worker.js';

/** Payload { exportId }: a listener's copy of their data (features/account-data). */
export const DATA_EXPORT_JOB = 'data-export';

/** A store or database hiccup is tried again (10 s, 40 s, 160 s); after that the listener is told it failed. */
export const DATA_EXPORT_ATTEMPTS = 4;

const payloadSchema = z.object({ exportId: z.number().int().positive() });

/**
 * 'data-export' ({ exportId }): writes the listener's ZIP into the media store and e-mails its link
 * (export-service.ts). A copy dropped meanwhile (its account asked to be deleted) is skipped; one
 * that fails every attempt is marked failed, so Settings offers to ask again.
 */
export function createDataExportHandler({ exports }: { exports: Pick<ExportService, 'build' | 'markFailed'> }): JobHandler {
  return {
    async run(payload) {
      const { exportId } = payloadSchema.parse(payload);
      return exports.build(exportId);
    },

    async onGiveUp(job) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (parsed.success) await exports.markFailed(parsed.data.exportId);
    },
  };
}
