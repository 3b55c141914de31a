import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage, localStagingDir } from './local-storage.js';
import { removeStaleStagedFiles } from './staged-file.js';
import type { MediaStorage } from './storage.js';

/** No upload stays untouched this long while it is written or sent on to S3. */
const STAGED_FILE_GRACE_MS = 60 * 60 * 1000;

/**
 * The media store the settings choose: S3 when S3_BUCKET is set, else the local folder
 * dataDir/media. Staged files a crash left behind are removed first.
 */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<MediaStorage> {
  if (!config.s3) {
    const root = path.join(config.dataDir, 'media');
    await removeStaleStagedFiles(localStagingDir(root), STAGED_FILE_GRACE_MS);
    return createLocalStorage(root);
  }
  const stagingDir = path.join(config.dataDir, 'tmp');
  await removeStaleStagedFiles(stagingDir, STAGED_FILE_GRACE_MS);
  // Loaded only when chosen: the SDK is large, and the default local setup starts without it.
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage({ ...config.s3, stagingDir });
}
