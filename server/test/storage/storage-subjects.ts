import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalStorage, localStagingDir } from '../../src/media/local-storage.js';
import { createS3Storage } from '../../src/media/s3-storage.js';
import type { MediaStorage } from '../../src/media/storage.js';
import { startS3Server } from '../helpers/s3-server.js';

export type OpenedStorage = {
  storage: MediaStorage;
  /** Where the store stages bodies before they get their content address. */
  stagingDir: string;
  /** The same kind of store, unable to write or read. */
  broken: MediaStorage;
  close(): Promise<void>;
};

/** S3's smallest part size, so that tens of megabytes already go up in several parts. */
export const TEST_PART_SIZE_BYTES = 5 * 1024 * 1024;

/** Each media store implementation, fresh and empty, for the shared contract tests. */
export const storageSubjects: { name: string; open(): Promise<OpenedStorage> }[] = [
  {
    name: 'local folder',
    async open() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-storage-'));
      const root = path.join(dir, 'media');
      const blocker = path.join(dir, 'not-a-folder');
      await fs.writeFile(blocker, 'a file where the media folder should be');
      return {
        storage: createLocalStorage(root),
        stagingDir: localStagingDir(root),
        broken: createLocalStorage(blocker),
        close: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-storage-'));
      const server = await startS3Server();
      const stagingDir = path.join(dir, 'tmp');
      return {
        storage: createS3Storage({ ...server.settings, stagingDir, partSizeBytes: TEST_PART_SIZE_BYTES }),
        stagingDir,
        broken: createS3Storage({ ...server.settings, bucket: 'no-such-bucket', stagingDir }),
        async close() {
          await server.close();
          await fs.rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
