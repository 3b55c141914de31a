import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverVariantKey, keyFor } from '../../src/media/storage.js';
import { type OpenedStorage, storageSubjects, TEST_PART_SIZE_BYTES } from './storage-subjects.js';

const MiB = 1024 * 1024;

async function readAll(stream: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(stream)) return stream;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listAll(opened: OpenedStorage) {
  const objects = [];
  for await (const object of opened.storage.list()) objects.push(object);
  return objects;
}

/**
 * A stream that hands out its bytes one 64 KiB chunk at a time, only when asked, each chunk a
 * new buffer as from a socket (so a store that kept them would grow by their size).
 */
function chunkedStream(bytes: Buffer, onPull: (pulled: number) => void = () => undefined): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= bytes.length) return void this.push(null);
      const chunk = Buffer.from(bytes.subarray(offset, offset + 64 * 1024));
      offset += chunk.length;
      onPull(offset);
      this.push(chunk);
    },
  });
}

/** Files the store is staging right now (none before its first write). */
function stagedFiles(opened: OpenedStorage): string[] {
  try {
    return readdirSync(opened.stagingDir);
  } catch {
    return [];
  }
}

/**
 * The peak growth of live JavaScript and Buffer memory while `work` runs: a full collection
 * for the baseline, a quick minor one before each sample, because chunks already written and
 * dropped would otherwise count until the next collection (about 20 MB of them for 30 MB).
 */
async function measureLiveMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakGrowth: number }> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options?: { type: 'minor' }) => void;
  const live = (type?: 'minor') => {
    gc(type ? { type } : undefined);
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const base = live();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, live('minor') - base)), 10);
  try {
    return { result: await work(), peakGrowth: peak };
  } finally {
    clearInterval(sampler);
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(storageSubjects)('media storage contract: $name', (subject) => {
  let opened: OpenedStorage;
  const bytes = randomBytes(200_000);

  beforeAll(async () => {
    opened = await subject.open();
  });
  afterAll(() => opened.close());

  it('stores a buffer under its content address and describes it', async () => {
    const before = Date.now();
    const stored = await opened.storage.put(bytes, { extension: 'mp3', contentType: 'audio/mpeg' });
    expect(stored).toEqual({ key: keyFor(sha256(bytes), 'mp3'), size: bytes.length, sha256: sha256(bytes) });
    expect(stored.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/);

    const info = await opened.storage.stat(stored.key);
    expect(info?.size).toBe(bytes.length);
    // S3 keeps whole seconds.
    expect(info?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(info?.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('gives a stream of the same content the same key, and another extension another key', async () => {
    const fromBuffer = await opened.storage.put(bytes, { extension: 'mp3', contentType: 'audio/mpeg' });
    const fromStream = await opened.storage.put(chunkedStream(bytes), { extension: 'mp3', contentType: 'audio/mpeg' });
    expect(fromStream).toEqual(fromBuffer);
    const asFlac = await opened.storage.put(chunkedStream(bytes), { extension: 'flac', contentType: 'audio/flac' });
    expect(asFlac.key).toBe(keyFor(sha256(bytes), 'flac'));
    expect((await readAll(await opened.storage.read(fromStream.key))).equals(bytes)).toBe(true);
  });

  it('stores an empty body', async () => {
    const stored = await opened.storage.put(Buffer.alloc(0), { extension: 'txt', contentType: 'text/plain' });
    expect(stored.size).toBe(0);
    expect((await opened.storage.stat(stored.key))?.size).toBe(0);
    expect(await readAll(await opened.storage.read(stored.key))).toHaveLength(0);
  });

  it('reads the whole object and exactly the bytes of a range', async () => {
    const { key } = await opened.storage.put(bytes, { extension: 'mp3', contentType: 'audio/mpeg' });
    expect((await readAll(await opened.storage.read(key))).equals(bytes)).toBe(true);
    for (const range of [
      { start: 0, end: 1 },
      { start: 7, end: 7 },
      { start: 100, end: 1099 },
      { start: 150_000, end: 199_999 },
      { start: 0, end: bytes.length - 1 },
    ]) {
      const part = await readAll(await opened.storage.readRange(key, range));
      expect(part.equals(bytes.subarray(range.start, range.end + 1)), JSON.stringify(range)).toBe(true);
    }
  });

  it('answers undefined for a key it does not hold', async () => {
    expect(await opened.storage.stat(keyFor(sha256(Buffer.from('never stored')), 'mp3'))).toBeUndefined();
  });

  it('deletes an object, and a second delete of it is no error', async () => {
    const only = randomBytes(1000);
    const { key } = await opened.storage.put(only, { extension: 'webp', contentType: 'image/webp' });
    // Read first, so a store that keeps files open must let this one go.
    expect((await readAll(await opened.storage.readRange(key, { start: 0, end: 99 }))).equals(only.subarray(0, 100))).toBe(true);
    await opened.storage.delete(key);
    expect(await opened.storage.stat(key)).toBeUndefined();
    await expect(opened.storage.readRange(key, { start: 0, end: 99 })).rejects.toThrow();
    await opened.storage.put(only, { extension: 'webp', contentType: 'image/webp' });
    expect((await readAll(await opened.storage.readRange(key, { start: 900, end: 999 }))).equals(only.subarray(900))).toBe(true);
    await opened.storage.delete(key);
    await expect(opened.storage.delete(key)).resolves.toBeUndefined();
    expect((await listAll(opened)).map((object) => object.key)).not.toContain(key);
  });

  it('lists every stored object with its size and date, and nothing else', async () => {
    const first = await opened.storage.put(randomBytes(3000), { extension: 'jpg', contentType: 'image/jpeg' });
    const second = await opened.storage.put(randomBytes(5000), { extension: 'm4a', contentType: 'audio/mp4' });
    await opened.storage.check();
    const listed = await listAll(opened);
    expect(listed).toEqual(
      expect.arrayContaining([
        { key: first.key, size: 3000, modifiedAt: expect.any(Date) },
        { key: second.key, size: 5000, modifiedAt: expect.any(Date) },
      ]),
    );
    const stats = await Promise.all(listed.map((object) => opened.storage.stat(object.key)));
    expect(stats.map((info) => info?.size)).toEqual(listed.map((object) => object.size));
    expect(new Set(listed.map((object) => object.key)).size).toBe(listed.length);
  });

  it('stores a variant under the key derived from its image, replacing what was there', async () => {
    const image = await opened.storage.put(randomBytes(4000), { extension: 'webp', contentType: 'image/webp' });
    const key = coverVariantKey(image.key, 160);
    const first = randomBytes(700);
    await expect(opened.storage.putVariant(key, first, 'image/webp')).resolves.toBeUndefined();
    expect((await opened.storage.stat(key))?.size).toBe(700);
    expect((await readAll(await opened.storage.read(key))).equals(first)).toBe(true);
    expect((await readAll(await opened.storage.readRange(key, { start: 10, end: 19 }))).equals(first.subarray(10, 20))).toBe(true);

    const second = randomBytes(900);
    await opened.storage.putVariant(key, second, 'image/webp');
    expect((await readAll(await opened.storage.read(key))).equals(second)).toBe(true);
    // The replaced bytes, not those of a file held open since the first range.
    expect((await opened.storage.stat(key))?.size).toBe(900);
    expect((await readAll(await opened.storage.readRange(key, { start: 10, end: 19 }))).equals(second.subarray(10, 20))).toBe(true);
    expect(await listAll(opened)).toEqual(expect.arrayContaining([{ key, size: 900, modifiedAt: expect.any(Date) }]));
    expect(stagedFiles(opened)).toEqual([]);

    await opened.storage.delete(key);
    expect(await opened.storage.stat(key)).toBeUndefined();
    expect(await opened.storage.stat(image.key)).toBeDefined();
  });

  it('refuses to store a variant under any key that is not one', async () => {
    const image = await opened.storage.put(randomBytes(4000), { extension: 'webp', contentType: 'image/webp' });
    for (const key of [image.key, keyFor(sha256(Buffer.from('x')), 'mp3'), '../../etc/passwd', `${image.key}.w160`]) {
      await expect(opened.storage.putVariant(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow('Not a variant key');
    }
    expect((await readAll(await opened.storage.read(image.key))).length).toBe(4000);
  });

  it('passes its check, and a store that cannot be reached fails it', async () => {
    await expect(opened.storage.check()).resolves.toBeUndefined();
    await expect(opened.broken.check()).rejects.toThrow();
  });

  it.each(['../../etc/passwd', 'ab/../../secret.mp3', 'AB/' + 'a'.repeat(64) + '.mp3', 'ab/' + 'a'.repeat(64), '/ab/x.mp3', ''])(
    'refuses the key %j in every call',
    async (key) => {
      await expect(opened.storage.stat(key)).rejects.toThrow('Invalid media key');
      await expect(opened.storage.read(key)).rejects.toThrow('Invalid media key');
      await expect(opened.storage.readRange(key, { start: 0, end: 1 })).rejects.toThrow('Invalid media key');
      await expect(opened.storage.delete(key)).rejects.toThrow('Invalid media key');
    },
  );

  it('keeps nothing of a body whose stream fails half way', async () => {
    const keysBefore = (await listAll(opened)).map((object) => object.key);
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(10_000);
        throw new Error('client went away');
      })(),
    );
    await expect(opened.storage.put(failing, { extension: 'mp3', contentType: 'audio/mpeg' })).rejects.toThrow('client went away');
    expect((await listAll(opened)).map((object) => object.key)).toEqual(keysBefore);
    expect(stagedFiles(opened)).toEqual([]);
  });

  it('stores a 30 MB stream a chunk at a time, without holding it in memory', async () => {
    const big = randomBytes(30 * MiB + 12_345);
    let furthestAhead = 0;
    let pulls = 0;
    const source = chunkedStream(big, (pulled) => {
      pulls += 1;
      if (pulls % 8 !== 0) return;
      // Bytes pulled but not yet in the staged file are what the store holds in memory.
      const written = stagedFiles(opened).map((name) => statSync(path.join(opened.stagingDir, name)).size);
      furthestAhead = Math.max(furthestAhead, pulled - Math.max(0, ...written));
    });
    const { result: stored, peakGrowth } = await measureLiveMemory(() =>
      opened.storage.put(source, { extension: 'wav', contentType: 'audio/wav' }),
    );
    expect(stored).toEqual({ key: keyFor(sha256(big), 'wav'), size: big.length, sha256: sha256(big) });
    expect(furthestAhead).toBeGreaterThan(0);
    expect(furthestAhead).toBeLessThan(4 * MiB);
    // Holding the body takes 30 MB or more; streaming it measured 3 to 6 (chunks that outlived a minor collection).
    expect(peakGrowth).toBeLessThan(16 * MiB);
    expect(sha256(await readAll(await opened.storage.read(stored.key)))).toBe(sha256(big));
    const tail = { start: 6 * TEST_PART_SIZE_BYTES - 10, end: 6 * TEST_PART_SIZE_BYTES + 9 };
    expect((await readAll(await opened.storage.readRange(stored.key, tail))).equals(big.subarray(tail.start, tail.end + 1))).toBe(true);
    expect(stagedFiles(opened)).toEqual([]);
  });
});
