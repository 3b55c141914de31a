import { describe, expect, it } from 'vitest';
import { createReadBufferPool } from './read-buffer-pool.js';

describe('the read buffer pool', () => {
  it('lends a buffer of the length asked, and lends a given-back block again', () => {
    const pool = createReadBufferPool({ blockBytes: 1024, maxIdleBlocks: 4 });
    const first = pool.take(1000);
    expect(first.length).toBe(1000);
    pool.giveBack(first);
    expect(pool.idleBlocks).toBe(1);
    const second = pool.take(1024);
    expect(second.buffer).toBe(first.buffer);
    expect(pool.idleBlocks).toBe(0);
  });

  it('never lends one block twice at once', () => {
    const pool = createReadBufferPool({ blockBytes: 64, maxIdleBlocks: 8 });
    const lent = Array.from({ length: 8 }, () => pool.take(64));
    pool.giveBack(lent[3]!);
    lent.push(pool.take(64));
    const blocks = new Set(lent.filter((_, index) => index !== 3).map((buffer) => buffer.buffer));
    expect(blocks.size).toBe(8);
  });

  it('refuses a buffer given back twice, or one it never lent', () => {
    const pool = createReadBufferPool({ blockBytes: 64, maxIdleBlocks: 8 });
    const buffer = pool.take(10);
    pool.giveBack(buffer);
    expect(() => pool.giveBack(buffer)).toThrow('not lent by the pool');
    expect(() => pool.giveBack(Buffer.alloc(64))).toThrow('not lent by the pool');
    expect(pool.idleBlocks).toBe(1);
  });

  it('refuses a length over its block size', () => {
    const pool = createReadBufferPool({ blockBytes: 64, maxIdleBlocks: 8 });
    expect(() => pool.take(65)).toThrow('at most 64 bytes');
  });

  it('keeps at most maxIdleBlocks waiting', () => {
    const pool = createReadBufferPool({ blockBytes: 64, maxIdleBlocks: 2 });
    const lent = Array.from({ length: 5 }, () => pool.take(64));
    for (const buffer of lent) pool.giveBack(buffer);
    expect(pool.idleBlocks).toBe(2);
  });

  it('lets its idle blocks go once none has been asked for during idleMs', async () => {
    const pool = createReadBufferPool({ blockBytes: 64, maxIdleBlocks: 4, idleMs: 40 });
    pool.giveBack(pool.take(64));
    expect(pool.idleBlocks).toBe(1);
    await expect.poll(() => pool.idleBlocks, { timeout: 2000, interval: 10 }).toBe(0);
  });
});
