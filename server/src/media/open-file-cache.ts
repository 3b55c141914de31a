import fs, { type FileHandle } from 'node:fs/promises';

export type OpenFile = { handle: FileHandle; size: number; modifiedAt: Date };

type Entry = { file: Promise<OpenFile | undefined>; openedAt: number };

/**
 * Files kept open between the range requests a player makes one after another, so that each costs
 * one read instead of a stat, an open, a read and a close. Only for files whose bytes never change
 * under a path (content-addressed keys): an entry is dropped when this process replaces or deletes
 * the file, and reopened once `maxAgeMs` has passed, which bounds how long a file another process
 * deleted can still be read here. A timer closes what has aged, so a quiet server, or a store a test
 * let go, holds no descriptors. Closing waits for reads in flight (FileHandle.close), so a handle
 * dropped mid-read never lets its descriptor number serve another file.
 */
export function createOpenFileCache({ maxFiles = 64, maxAgeMs = 10_000 }: { maxFiles?: number; maxAgeMs?: number } = {}) {
  const entries = new Map<string, Entry>();
  let sweep: NodeJS.Timeout | undefined;

  function dropAged(): void {
    sweep = undefined;
    const now = Date.now();
    for (const [filePath, entry] of entries) if (now - entry.openedAt >= maxAgeMs) drop(filePath);
    if (entries.size > 0) scheduleSweep();
  }

  function scheduleSweep(): void {
    // Unreferenced: never what keeps the process running.
    sweep ??= setTimeout(dropAged, maxAgeMs).unref();
  }

  function drop(filePath: string): void {
    const entry = entries.get(filePath);
    if (!entry) return;
    entries.delete(filePath);
    void entry.file.then((file) => file?.handle.close()).catch(() => undefined);
  }

  return {
    /** The open file at a path, opened now if it is not held or too old; undefined if there is none. */
    open(filePath: string): Promise<OpenFile | undefined> {
      const held = entries.get(filePath);
      if (held && Date.now() - held.openedAt < maxAgeMs) {
        // Most recently used last, so the first entry is the one to let go.
        entries.delete(filePath);
        entries.set(filePath, held);
        return held.file;
      }
      if (held) drop(filePath);
      const file = openWithInfo(filePath);
      const entry = { file, openedAt: Date.now() };
      entries.set(filePath, entry);
      // A missing file or a failed open is not kept: the next request looks again.
      void file.then(
        (opened) => (opened ? undefined : entries.get(filePath) === entry && entries.delete(filePath)),
        () => entries.get(filePath) === entry && entries.delete(filePath),
      );
      while (entries.size > maxFiles) drop(entries.keys().next().value!);
      scheduleSweep();
      return file;
    },
    /** What a held, fresh entry knows of the file, without a system call; undefined when none is held. */
    peek(filePath: string): Promise<OpenFile | undefined> | undefined {
      const held = entries.get(filePath);
      return held && Date.now() - held.openedAt < maxAgeMs ? held.file : undefined;
    },
    /** This process is about to replace or delete the file: forget the open one. */
    forget: drop,
    get size(): number {
      return entries.size;
    },
  };
}

async function openWithInfo(filePath: string): Promise<OpenFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await fs.open(filePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const info = await handle.stat();
    return { handle, size: info.size, modifiedAt: info.mtime };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
