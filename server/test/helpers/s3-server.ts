import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../../src/config.js';

export type TestS3Server = {
  settings: S3Settings;
  /** The settings as a server process reads them from its environment (S3_*). */
  env: Record<string, string>;
  close(): Promise<void>;
};

const MAIN = fileURLToPath(new URL('./s3-server-main.mjs', import.meta.url));

/**
 * A real S3-protocol server (s3rver, files in a temporary folder) on a random loopback port,
 * with one empty bucket. It checks request signatures, so the settings carry its fixed keys.
 * It runs in a child process because its ListObjectsV2 continuation tokens are DES-encrypted,
 * which OpenSSL 3 offers only with the legacy provider; that also keeps its memory out of
 * the measurements of the test process.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-s3-'));
  const bucket = 'kora-media';
  const child = fork(MAIN, [directory, bucket], { execArgv: ['--openssl-legacy-provider'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening: ${stderr}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
