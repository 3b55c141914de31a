import { useEffect, useRef } from 'react';
import type { Song } from '@kora/contracts';
import type { PlayerState } from './player-types';
import { findUpcomingSong } from './queue';

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
 * and a phone asking to save data gets nothing extra. The transfer measures the link for Auto.
 */
export function useNextTrackPreload(
  state: PlayerState,
  streamUrl: (song: Song) => string | null,
  recordTransfer: (bytes: number, milliseconds: number) => void,
): void {
  const preloaded = useRef(new Set<string>());
  const upcoming = findUpcomingSong(state.repeat, { songs: state.queue, index: state.queueIndex });
  const isPastHalfway = state.isPlaying && state.duration > 0 && state.currentTime >= state.duration / 2;

  useEffect(() => {
    if (!upcoming || upcoming.isExternal || !isPastHalfway || prefersSavingData()) return;
    const url = streamUrl(upcoming);
    if (!url || preloaded.current.has(url)) return;
    const abort = new AbortController();
    const done = preloaded.current;
    const startedAt = performance.now();
    fetch(url, { headers: { Range: `bytes=0-${PRELOAD_BYTES - 1}` }, credentials: 'include', signal: abort.signal })
      .then((res) => res.arrayBuffer())
      .then((body) => {
        done.add(url);
        recordTransfer(body.byteLength, performance.now() - startedAt);
      })
      .catch(() => {
        // Preloading is only a head start; the song still streams when its turn comes.
      });
    return () => abort.abort();
  }, [upcoming, isPastHalfway, streamUrl, recordTransfer]);
}
