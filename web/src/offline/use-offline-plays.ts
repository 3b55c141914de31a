import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PLAY_REFRESH_KEYS } from '../player/play-recording';
import { afterLoad } from '../ui/after-load';
import type { OfflinePlayQueue } from './offline-play-queue';

const loadQueue = (userId: number) => import('./offline-play-runtime').then((m) => m.createListenerPlayQueue(userId));

/**
 * The listener's queue of plays heard offline, sent a little after the app starts online and
 * whenever the network returns; what they change (recently played, stats) refreshes once they
 * count. Its code loads then, or when a play is first kept, never with the first screen.
 */
export function useOfflinePlays(userId: number | null): Pick<OfflinePlayQueue, 'enqueue'> | null {
  const queryClient = useQueryClient();
  const [queue] = useState(() => {
    if (userId === null || typeof indexedDB === 'undefined') return null;
    let loaded: Promise<OfflinePlayQueue> | null = null;
    return { get: () => (loaded ??= loadQueue(userId)) };
  });

  useEffect(() => {
    if (!queue) return;
    const sync = () => {
      if (!navigator.onLine) return;
      queue
        .get()
        .then((loaded) => loaded.sync())
        .then(async (recorded) => {
          if (recorded > 0) await Promise.all(PLAY_REFRESH_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        })
        // Still queued: the next time the network returns, or the next start, tries again.
        .catch((error: unknown) => console.warn('Could not send the plays made offline', error));
    };
    const cancel = afterLoad(sync);
    window.addEventListener('online', sync);
    return () => {
      cancel();
      window.removeEventListener('online', sync);
    };
  }, [queue, queryClient]);

  return queue && { enqueue: async (play) => (await queue.get()).enqueue(play) };
}
