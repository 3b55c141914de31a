import { OFFLINE_PLAYS_BATCH_MAX, type OfflinePlay, type OfflinePlayResult } from '@kora/contracts';

/** A play heard with no network: kept on the device until the server has it. */
export type QueuedPlay = {
  /** Made on the device: the server counts a clientId once, so a batch sent twice counts once. */
  clientId: string;
  userId: number;
  songId: number;
  secondsPlayed: number;
  /** When it was heard, not when it reaches the server. */
  playedAt: string;
};

export type SentPlay = OfflinePlay;
export type SentPlayResult = Pick<OfflinePlayResult, 'clientId' | 'status'>;

export interface QueuedPlayStore {
  add(play: QueuedPlay): Promise<void>;
  /** The listener's oldest plays first. */
  list(userId: number, limit: number): Promise<QueuedPlay[]>;
  remove(clientIds: string[]): Promise<void>;
}


type Deps = {
  store: QueuedPlayStore;
  /** Sends a batch; throws when it did not get an answer (no network, a server error). */
  send: (plays: SentPlay[]) => Promise<SentPlayResult[]>;
  userId: number;
  newId?: () => string;
  now?: () => Date;
};

/**
 * One listener's plays made offline (issue 15): kept in IndexedDB and sent in batches when the
 * network returns. A play leaves the device only once the server has answered for it, so a lost
 * answer means sending it again, which its clientId makes harmless.
 */
export function createOfflinePlayQueue({ store, send, userId, newId = () => crypto.randomUUID(), now = () => new Date() }: Deps) {
  let syncing: Promise<number> | null = null;

  async function drain(): Promise<number> {
    let recorded = 0;
    for (;;) {
      const batch = await store.list(userId, OFFLINE_PLAYS_BATCH_MAX);
      if (batch.length === 0) return recorded;
      const results = await send(batch.map(({ userId: _owner, ...play }) => play));
      const sent = new Set(batch.map((play) => play.clientId));
      // Every answered play is settled: counted, counted before, too short, or refused for good.
      const settled = results.filter((result) => sent.has(result.clientId));
      await store.remove(settled.map((result) => result.clientId));
      recorded += settled.filter((result) => result.status === 'recorded').length;
      // An answer that settled nothing would send the same batch for ever.
      if (settled.length === 0) return recorded;
    }
  }

  return {
    async enqueue(play: { songId: number; secondsPlayed: number }): Promise<void> {
      await store.add({
        clientId: newId(),
        userId,
        songId: play.songId,
        secondsPlayed: Math.round(play.secondsPlayed),
        playedAt: now().toISOString(),
      });
    },
    /** Sends everything queued; one sync at a time. Resolves to the number of plays newly counted. */
    sync(): Promise<number> {
      syncing ??= drain().finally(() => {
        syncing = null;
      });
      return syncing;
    },
  };
}

export type OfflinePlayQueue = ReturnType<typeof createOfflinePlayQueue>;
