import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createOpenFileCache, type OpenFile } from './open-file-cache.js';
import { stageFile } from './staged-file.js';
import { isValidKey, isVariantKey, keyFor, type MediaStorage, ONE_READ_MAX_BYTES, type StoredObject } from './storage.js';

/** Where writes are staged: inside the root, so the final rename stays on one filesystem. */
export function localStagingDir(root: string): string {
  return path.join(root, 'tmp');
}

/**
 * Content-addressed files under one folder. Writes go to a temporary file first and are
 * renamed into place, so a reader never sees half a file and a crash leaves only temp files.
 */
export function createLocalStorage(root: string): MediaStorage {
  const stagingDir = localStagingDir(root);
  // A player asks for one song's ranges one after another: each is then a single read (bench/streaming.ts).
  const openFiles = createOpenFileCache();

  function pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid media key: ${key}`);
    return path.join(root, key);
  }

  return {
    kind: 'local',

    async put(body, { extension }): Promise<StoredObject> {
      const staged = await stageFile(body, stagingDir);
      try {
        const key = keyFor(staged.sha256, extension);
        const finalPath = pathOf(key);
        await fs.mkdir(path.dirname(finalPath), { recursive: true });
        openFiles.forget(finalPath);
        await fs.rename(staged.path, finalPath);
        return { key, size: staged.size, sha256: staged.sha256 };
      } catch (error) {
        await fs.rm(staged.path, { force: true });
        throw error;
      }
    },

    async putVariant(key, data) {
      if (!isVariantKey(key)) throw new Error(`Not a variant key: ${key}`);
      const finalPath = pathOf(key);
      const staged = await stageFile(data, stagingDir);
      try {
        await fs.mkdir(path.dirname(finalPath), { recursive: true });
        openFiles.forget(finalPath);
        await fs.rename(staged.path, finalPath);
      } catch (error) {
        await fs.rm(staged.path, { force: true });
        throw error;
      }
    },

    async stat(key) {
      const filePath = pathOf(key);
      const held = await openFiles.peek(filePath)?.catch(() => undefined);
      if (held) return { size: held.size, modifiedAt: held.modifiedAt };
      try {
        const info = await fs.stat(filePath);
        return { size: info.size, modifiedAt: info.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async read(key) {
      return createReadStream(pathOf(key));
    },

    async readRange(key, range, into) {
      const filePath = pathOf(key);
      const length = range.end - range.start + 1;
      if (into && into.length !== length) throw new Error(`A buffer of ${into.length} bytes cannot hold a range of ${length}`);
      // A larger range streams in 64 KiB steps, so a slow listener holds little memory. A small one
      // (a player's chunk) is one read from a held file and one socket write.
      if (!into && length > ONE_READ_MAX_BYTES) return createReadStream(filePath, range);
      const file = await openFiles.open(filePath);
      if (!file) throw Object.assign(new Error(`ENOENT: no such file, open '${filePath}'`), { code: 'ENOENT' });
      return readExactly(file, range.start, into ?? Buffer.allocUnsafe(length));
    },

    async offloadTarget(key) {
      if (!isValidKey(key)) throw new Error(`Invalid media key: ${key}`);
      return `/_kora/media/${key}`;
    },

    async delete(key) {
      const filePath = pathOf(key);
      openFiles.forget(filePath);
      await fs.rm(filePath, { force: true });
    },

    async *list() {
      for (const shard of await readDirIfPresent(root)) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const name of await readDirIfPresent(path.join(root, shard))) {
          const key = `${shard}/${name}`;
          if (!isValidKey(key)) continue;
          // Deleted since the folder was read: not stored any more, so not listed.
          const info = await fs.stat(path.join(root, key)).catch(() => undefined);
          if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
        }
      }
    },

    async check() {
      await fs.mkdir(stagingDir, { recursive: true });
      // Named like a staged write, so a crash right here leaves a file the start-up clean-up removes.
      const probe = path.join(stagingDir, `health-${randomUUID()}.part`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe);
    },
  };
}

/** Fills `bytes` from the file at `start`; an error if the file ends first. */
async function readExactly({ handle }: OpenFile, start: number, bytes: Buffer): Promise<Buffer> {
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, start + filled);
    if (bytesRead === 0) throw new Error(`The file ends before byte ${start + filled}`);
    filled += bytesRead;
  }
  return bytes;
}

/** A folder's entries; none when it does not exist (nothing stored yet, or a shard just emptied). */
async function readDirIfPresent(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
}
