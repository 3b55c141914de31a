import { openOfflineDb, queuedPlayStore } from './offline-db';
import { createOfflinePlayQueue } from './offline-play-queue';
import { sendOfflinePlays } from './offline-plays-api';

/** One listener's queue of plays made offline, in a chunk of its own (use-offline-plays.ts loads it when needed). */
export const createListenerPlayQueue = (userId: number) =>
  createOfflinePlayQueue({ store: queuedPlayStore(openOfflineDb()), send: sendOfflinePlays, userId });
