import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenFileCache } from './open-file-cache.js';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-open-files-'));
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  return file;
}

async function readText(file: { handle: fs.FileHandle; size: number } | undefined): Promise<string> {
  const bytes = Buffer.alloc(file!.size);
  await file!.handle.read(bytes, 0, bytes.length, 0);
  return bytes.toString();
}

describe('the open-file cache', () => {
  it('opens a file once for a run of reads, and knows its size without asking again', async () => {
    const cache = createOpenFileCache();
    const file = await write('a.mp3', 'hello');
    const first = await cache.open(file);
    expect(first).toMatchObject({ size: 5 });
    expect(await cache.open(file)).toBe(first);
    expect(await cache.peek(file)).toBe(first);
    expect(await readText(first)).toBe('hello');
  });

  it('answers undefined for a missing file, and does not remember that it was missing', async () => {
    const cache = createOpenFileCache();
    const file = path.join(dir, 'later.mp3');
    expect(await cache.open(file)).toBeUndefined();
    expect(cache.peek(file)).toBeUndefined();
    await write('later.mp3', 'now here');
    expect(await readText(await cache.open(file))).toBe('now here');
  });

  it('holds at most maxFiles, letting the least recently used go and closing it', async () => {
    const cache = createOpenFileCache({ maxFiles: 3 });
    const files = await Promise.all(['a', 'b', 'c', 'd'].map((name) => write(name, name.repeat(3))));
    const a = await cache.open(files[0]!);
    await cache.open(files[1]!);
    await cache.open(files[2]!);
    await cache.open(files[0]!);
    await cache.open(files[3]!);
    expect(cache.size).toBe(3);
    expect(cache.peek(files[1]!)).toBeUndefined();
    expect(await cache.peek(files[0]!)).toBe(a);
    for (const [index, file] of files.entries()) expect(await readText(await cache.open(file))).toBe('abcd'[index]!.repeat(3));
  });

  it('closes a file it lets go only after a read in flight on it has finished', async () => {
    const cache = createOpenFileCache({ maxFiles: 1 });
    const big = Buffer.alloc(4 * 1024 * 1024, 7);
    const first = path.join(dir, 'big.mp3');
    await fs.writeFile(first, big);
    const held = (await cache.open(first))!;
    const into = Buffer.alloc(big.length);
    const reading = held.handle.read(into, 0, into.length, 0);
    await cache.open(await write('other.mp3', 'x'));
    expect((await reading).bytesRead).toBe(big.length);
    expect(into.equals(big)).toBe(true);
    await expect.poll(async () => held.handle.read(Buffer.alloc(1), 0, 1, 0).then(() => 'open', (error: NodeJS.ErrnoException) => error.code)).toBe('EBADF');
  });

  it('reopens a file once it has aged, so one another process deleted is not read for long', async () => {
    const cache = createOpenFileCache({ maxAgeMs: 50 });
    const file = await write('gone.mp3', 'old');
    const held = (await cache.open(file))!;
    await fs.rm(file);
    expect(await cache.open(file)).toBe(held);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.peek(file)).toBeUndefined();
    expect(await cache.open(file)).toBeUndefined();
  });

  it('closes what has aged on its own, so a quiet process holds no files', async () => {
    const cache = createOpenFileCache({ maxAgeMs: 50 });
    const held = (await cache.open(await write('quiet.mp3', 'zzz')))!;
    await expect.poll(() => cache.size, { timeout: 2000 }).toBe(0);
    await expect.poll(async () => held.handle.read(Buffer.alloc(1), 0, 1, 0).then(() => 'open', (error: NodeJS.ErrnoException) => error.code)).toBe('EBADF');
  });

  it('forgets a file this process replaces, and opens the new one', async () => {
    const cache = createOpenFileCache();
    const file = await write('v.webp', 'first');
    await cache.open(file);
    cache.forget(file);
    await fs.writeFile(file + '.tmp', 'second!');
    await fs.rename(file + '.tmp', file);
    expect(await readText(await cache.open(file))).toBe('second!');
  });
});
