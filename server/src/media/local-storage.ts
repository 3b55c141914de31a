import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidKey, keyFor, type MediaStorage, type StoredObject } from './storage.js';

const ONE_READ_MAX_BYTES = 256 * 1024;

/**
 * Content-addressed files under one folder. Writes go to a temporary file first and are
 * renamed into place, so a reader never sees half a file and a crash leaves only temp files.
 */
export function createLocalStorage(root: string): MediaStorage {
  const tmpDir = path.join(root, 'tmp');

  function pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid media key: ${key}`);
    return path.join(root, key);
  }

  return {
    kind: 'local',

    async put(body, { extension }): Promise<StoredObject> {
      await fs.mkdir(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, counter, createWriteStream(tmpPath, { flags: 'wx' }));
        const sha256 = hash.digest('hex');
        const key = keyFor(sha256, extension);
        const finalPath = pathOf(key);
        await fs.mkdir(path.dirname(finalPath), { recursive: true });
        await fs.rename(tmpPath, finalPath);
        return { key, size, sha256 };
      } catch (error) {
        await fs.rm(tmpPath, { force: true });
        throw error;
      }
    },

    async stat(key) {
      try {
        const info = await fs.stat(pathOf(key));
        return { size: info.size, modifiedAt: info.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async read(key, range) {
      if (!range) return createReadStream(pathOf(key));
      // A small bounded range (a player's chunk) in one read and one socket write instead of
      // 64 KiB steps: server CPU per 256 KiB range 0.60 → about 0.4 ms (bench/streaming.ts). Larger
      // reads keep the default chunk, so a slow listener holds little memory.
      const length = range.end - range.start + 1;
      return createReadStream(pathOf(key), { ...range, ...(length <= ONE_READ_MAX_BYTES ? { highWaterMark: length } : {}) });
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async *list() {
      const shards = await fs.readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const shard of shards) {
        if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
        for (const name of await fs.readdir(path.join(root, shard.name))) {
          const key = `${shard.name}/${name}`;
          if (!isValidKey(key)) continue;
          const info = await fs.stat(path.join(root, key)).catch(() => undefined);
          if (info) yield { key, size: info.size, modifiedAt: info.mtime };
        }
      }
    },

    async check() {
      await fs.mkdir(tmpDir, { recursive: true });
      const probe = path.join(tmpDir, `health-${randomUUID()}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe);
    },
  };
}
