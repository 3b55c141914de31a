import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StagedFile = { path: string; size: number; sha256: string };

const STAGED_SUFFIX = '.part';

/**
 * Streams a body into a new file under `dir`, hashing it on the way, so a content address can
 * be chosen without holding the body in memory. The caller moves or removes the file; on
 * failure nothing is left behind. `observe` sees every chunk (the S3 store hashes parts).
 */
export async function stageFile(body: Readable | Buffer, dir: string, observe?: (chunk: Buffer) => void): Promise<StagedFile> {
  await fs.mkdir(dir, { recursive: true });
  const filePath = path.join(dir, `${randomUUID()}${STAGED_SUFFIX}`);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      observe?.(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const file = createWriteStream(filePath, { flags: 'wx' });
  try {
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    await pipeline(source, counter, file);
    return { path: filePath, size, sha256: hash.digest('hex') };
  } catch (error) {
    // A body that fails at once can fail while the file is still being opened: it is created
    // afterwards, so it is removed only once the stream has closed.
    // (Not events.once: it rejects with the stream's own 'error', the failure being handled here.)
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await fs.rm(filePath, { force: true });
    throw error;
  }
}

/**
 * Removes staged files a crashed process left behind. Only files untouched for `olderThanMs`:
 * another process sharing the folder may be writing one right now (a file being written has a
 * fresh modification time).
 */
export async function removeStaleStagedFiles(dir: string, olderThanMs: number): Promise<void> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const cutoff = Date.now() - olderThanMs;
  for (const name of names) {
    if (!name.endsWith(STAGED_SUFFIX)) continue;
    const filePath = path.join(dir, name);
    const info = await fs.stat(filePath).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) await fs.rm(filePath, { force: true });
  }
}
