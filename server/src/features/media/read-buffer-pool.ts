/**
 * Blocks of memory for range answers, used again once an answer has been written. A fresh 256 KiB
 * buffer per range costs the kernel a page fault per 4 KiB and the collector a large object: with
 * 200 players at once, reusing blocks took Kora's CPU per range from 1.6 to about 0.6 ms
 * (bench/streaming.ts, README's performance notes). Blocks no answer asked for during `idleMs` are let go, so a quiet server
 * gives the memory back.
 */
export function createReadBufferPool({ blockBytes, maxIdleBlocks, idleMs = 30_000 }: { blockBytes: number; maxIdleBlocks: number; idleMs?: number }) {
  const idle: ArrayBuffer[] = [];
  const lent = new WeakSet<ArrayBuffer>();
  let usedSinceSweep = false;
  let sweep: NodeJS.Timeout | undefined;

  function dropIfUnused(): void {
    sweep = undefined;
    if (!usedSinceSweep) idle.length = 0;
    usedSinceSweep = false;
    if (idle.length > 0) scheduleSweep();
  }

  function scheduleSweep(): void {
    // Unreferenced: never what keeps the process running.
    sweep ??= setTimeout(dropIfUnused, idleMs).unref();
  }

  return {
    blockBytes,
    /** A buffer of `length` bytes (at most blockBytes) lent until giveBack; its contents are stale. */
    take(length: number): Buffer {
      if (length > blockBytes) throw new Error(`A pooled read holds at most ${blockBytes} bytes, not ${length}`);
      usedSinceSweep = true;
      const block = idle.pop() ?? new ArrayBuffer(blockBytes);
      lent.add(block);
      return Buffer.from(block, 0, length);
    },
    /**
     * Returns a buffer from take, once nothing will read it again: for an answer, after the
     * response has closed (its last write has reached the socket, or the connection is gone).
     */
    giveBack(buffer: Buffer): void {
      const block = buffer.buffer as ArrayBuffer;
      // Given back twice, a block could be lent to two answers at once: one would send the other's bytes.
      if (!lent.has(block)) throw new Error('This buffer is not lent by the pool');
      lent.delete(block);
      if (idle.length < maxIdleBlocks) idle.push(block);
      scheduleSweep();
    },
    get idleBlocks(): number {
      return idle.length;
    },
  };
}
