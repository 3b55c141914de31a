import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/** One file of the archive, written as the text its chunks give, one after the other. */
export type ArchiveFile = { name: string; chunks: () => AsyncIterable<string> };

/**
 * A ZIP of `files` as a stream, each file deflated as its chunks come: a file is never held whole,
 * and the next chunk is asked for only once the reader has taken what is written (backpressure),
 * so a listener with a million plays costs a batch of rows in memory, not the list.
 */
export function zipStream(files: readonly ArchiveFile[], mtime: Date): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });

  async function writeAll(): Promise<void> {
    for (const file of files) {
      const entry = new ZipDeflate(file.name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      for await (const text of file.chunks()) {
        if (out.destroyed) return;
        entry.push(strToU8(text));
        if (out.writableNeedDrain) await drained(out);
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  }
  writeAll().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Resolves when the stream wants more, or is gone (its reader failed): either way the writer goes on to find out. */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * A JSON array written a page at a time: `pages` yields arrays of items (keyset batches from the
 * database), each item becomes one indented line of the array.
 */
export async function* jsonArrayChunks<T>(pages: AsyncIterable<readonly T[]>): AsyncIterable<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    const lines = page.map((item) => `\n  ${JSON.stringify(item)}`);
    yield (first ? '' : ',') + lines.join(',');
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** A small JSON document, written at once. */
export async function* jsonChunks(load: () => Promise<unknown>): AsyncIterable<string> {
  yield `${JSON.stringify(await load(), null, 2)}\n`;
}
