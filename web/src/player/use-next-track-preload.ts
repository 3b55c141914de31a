import { useEffect, useRef } from 'react';
import { getLocalStorage } from './browser-storage';
import type { PlayerState } from './player-types';
import { findUpcomingSong } from './queue';
import { getStreamUrl, readStreamingQuality } from './stream-url';

/** About 16 s at 128 kbps: enough to start the next song at once while the rest streams in. */
const PRELOAD_BYTES = 256 * 1024;

function prefersSavingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Once half of the current song has played, fetches the first bytes of the song that follows it
 * into the HTTP cache (streams are cacheable, with validators), so the change is near-gapless.
 * Waiting for halfway means a listener who skips around does not pay for songs never heard,
 * and a phone asking to save data gets nothing extra.
 */
export function useNextTrackPreload(state: PlayerState): void {
  const preloaded = useRef(new Set<string>());
  const upcoming = findUpcomingSong(state.repeat, { songs: state.queue, index: state.queueIndex });
  const isPastHalfway = state.isPlaying && state.duration > 0 && state.currentTime >= state.duration / 2;

  useEffect(() => {
    if (!upcoming || upcoming.isExternal || !isPastHalfway || prefersSavingData()) return;
    const url = getStreamUrl(upcoming, readStreamingQuality(getLocalStorage()));
    if (!url || preloaded.current.has(url)) return;
    const abort = new AbortController();
    const done = preloaded.current;
    fetch(url, { headers: { Range: `bytes=0-${PRELOAD_BYTES - 1}` }, credentials: 'include', signal: abort.signal })
      .then((res) => res.arrayBuffer())
      .then(() => done.add(url))
      .catch(() => {
        // Preloading is only a head start; the song still streams when its turn comes.
      });
    return () => abort.abort();
  }, [upcoming, isPastHalfway]);
}
