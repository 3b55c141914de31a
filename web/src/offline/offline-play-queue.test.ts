import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openOfflineDb, queuedPlayStore } from './offline-db';
import { OFFLINE_PLAYS_BATCH_MAX } from '@kora/contracts';
import { createOfflinePlayQueue, type SentPlay, type SentPlayResult } from './offline-play-queue';

// The server wants UUIDs; these tests only need them distinct.
let ids = 0;
function setUp(userId: number, send: (plays: SentPlay[]) => Promise<SentPlayResult[]>) {
  const store = queuedPlayStore(openOfflineDb());
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const queue = createOfflinePlayQueue({
    store,
    send,
    userId,
    newId: () => `play-${++ids}`,
    now: () => new Date((clock += 60_000)),
  });
  return { queue, store };
}

const answerAll = (status: SentPlayResult['status']) =>
  vi.fn(async (plays: SentPlay[]) => plays.map((play) => ({ clientId: play.clientId, status })));

describe('the offline play queue', () => {
  it('keeps plays with when they were heard and sends them oldest first, once', async () => {
    const send = answerAll('recorded');
    const { queue, store } = setUp(101, send);
    await queue.enqueue({ songId: 7, secondsPlayed: 31.6 });
    await queue.enqueue({ songId: 8, secondsPlayed: 95 });

    expect(await queue.sync()).toBe(2);
    expect(send).toHaveBeenCalledTimes(1);
    const [sent] = send.mock.calls[0]!;
    expect(sent.map(({ songId, secondsPlayed }) => ({ songId, secondsPlayed }))).toEqual([
      { songId: 7, secondsPlayed: 32 },
      { songId: 8, secondsPlayed: 95 },
    ]);
    expect(Date.parse(sent[0]!.playedAt)).toBeLessThan(Date.parse(sent[1]!.playedAt));
    expect(sent[0]).not.toHaveProperty('userId');
    expect(await store.list(101, 10)).toEqual([]);
    expect(await queue.sync()).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps every play when the batch gets no answer, and sends the same ids again', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { queue, store } = setUp(102, failing);
    await queue.enqueue({ songId: 7, secondsPlayed: 40 });
    await expect(queue.sync()).rejects.toThrow('Failed to fetch');
    const kept = await store.list(102, 10);
    expect(kept).toHaveLength(1);

    const send = answerAll('duplicate');
    const retry = createOfflinePlayQueue({ store, send, userId: 102 });
    // Counted by an answer that was lost: the server says so, and it is settled without counting twice.
    expect(await retry.sync()).toBe(0);
    expect(send.mock.calls[0]![0].map((play) => play.clientId)).toEqual(kept.map((play) => play.clientId));
    expect(await store.list(102, 10)).toEqual([]);
  });

  it("never sends another listener's plays", async () => {
    const first = setUp(103, answerAll('recorded'));
    await first.queue.enqueue({ songId: 7, secondsPlayed: 40 });
    const send = answerAll('recorded');
    const second = setUp(104, send);
    expect(await second.queue.sync()).toBe(0);
    expect(send).not.toHaveBeenCalled();
    expect(await first.store.list(103, 10)).toHaveLength(1);
  });

  it('sends a long absence in batches the server accepts, and settles refused plays too', async () => {
    const send = vi.fn(async (plays: SentPlay[]) =>
      plays.map((play, index) => ({ clientId: play.clientId, status: index === 0 ? ('rejected' as const) : ('recorded' as const) })),
    );
    const { queue, store } = setUp(105, send);
    for (let index = 0; index < OFFLINE_PLAYS_BATCH_MAX + 5; index += 1) await queue.enqueue({ songId: index, secondsPlayed: 45 });
    expect(await queue.sync()).toBe(OFFLINE_PLAYS_BATCH_MAX + 5 - 2);
    expect(send.mock.calls.map(([plays]) => plays.length)).toEqual([OFFLINE_PLAYS_BATCH_MAX, 5]);
    expect(await store.list(105, 500)).toEqual([]);
  });

  it('runs one sync at a time, and stops on an answer that settles nothing', async () => {
    const send = vi.fn(async () => [] as SentPlayResult[]);
    const { queue, store } = setUp(106, send);
    await queue.enqueue({ songId: 1, secondsPlayed: 45 });
    const [a, b] = [queue.sync(), queue.sync()];
    expect(a).toBe(b);
    expect(await a).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await store.list(106, 10)).toHaveLength(1);
  });
});
