import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage, localStagingDir } from './local-storage.js';
import { removeStaleStagedFiles } from './staged-file.js';
import type { MediaStorage } from './storage.js';

/**
 * The media store the settings choose: S3 when S3_BUCKET is set, else the local folder
 * dataDir/media. Staged files a crash left behind are removed first, once untouched for the
 * orphan grace period (ORPHAN_GRACE_MINUTES): no upload in flight in another process pauses that long.
 */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3' | 'orphanGraceMs'>): Promise<MediaStorage> {
  if (!config.s3) {
    const root = path.join(config.dataDir, 'media');
    await removeStaleStagedFiles(localStagingDir(root), config.orphanGraceMs);
    return createLocalStorage(root);
  }
  const stagingDir = path.join(config.dataDir, 'tmp');
  await removeStaleStagedFiles(stagingDir, config.orphanGraceMs);
  // Loaded only when chosen: the SDK is large, and the default local setup starts without it.
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage({ ...config.s3, stagingDir });
}
