import { REFRESH_RETRY_DELAY_MS, type Song } from '@kora/contracts';

export type PreviewRecoveryDeps = {
  /** A working preview URL for the song (spec section 4); rejects when there is none. */
  refreshPreviewUrl: (song: Song) => Promise<string>;
  /** 'Preview Unavailable': the recovery failed too. */
  reportAudioError: (song: Song) => void;
  /** Puts the fresh URL wherever the player holds the song (current song, queue, context). */
  applyFreshUrl: (song: Song, freshUrl: string) => void;
  /** Loads the current song again, with its fresh URL, and plays it from this position. */
  replay: (position: number) => void;
};

export type PreviewRecovery = {
  /** A song is being loaded: a recovery still under way for the one before is dropped. */
  startLoad: () => void;
  /** The song as it should be loaded: with the fresh URL of an earlier recovery, if it had one. */
  withFreshUrl: (song: Song) => Song;
  /** The loaded external song failed at this position: recover it once, then report. */
  handleFailure: (song: Song, position: number) => void;
  cancel: () => void;
};

/**
 * Spec section 4: external preview URLs are signed and expire, so a failing one is replaced by a
 * fresh one and the song plays again from where it stopped, REFRESH_RETRY_DELAY_MS later. One
 * recovery per load; a song picked meanwhile wins, and the fresh URL is kept for later plays
 * (the pages still hold the expired one).
 */
export function createPreviewRecovery(deps: PreviewRecoveryDeps): PreviewRecovery {
  const freshUrls = new Map<Song['id'], string>();
  // A new object per load: a recovery compares it to tell whether its load is still the current one.
  let load = { recoveryTried: false };
  let pendingRetry: ReturnType<typeof setTimeout> | undefined;

  function cancel(): void {
    clearTimeout(pendingRetry);
    pendingRetry = undefined;
  }

  async function recover(song: Song, failedLoad: typeof load, position: number): Promise<void> {
    let freshUrl: string;
    try {
      freshUrl = await deps.refreshPreviewUrl(song);
    } catch (error) {
      console.warn('Could not refresh the preview URL', error);
      if (failedLoad === load) deps.reportAudioError(song);
      return;
    }
    freshUrls.set(song.id, freshUrl);
    deps.applyFreshUrl(song, freshUrl);
    if (failedLoad !== load) return;
    pendingRetry = setTimeout(() => {
      pendingRetry = undefined;
      deps.replay(position);
    }, REFRESH_RETRY_DELAY_MS);
  }

  return {
    startLoad() {
      cancel();
      load = { recoveryTried: false };
    },
    withFreshUrl(song) {
      const freshUrl = freshUrls.get(song.id);
      return freshUrl === undefined || freshUrl === song.fileUrl ? song : { ...song, fileUrl: freshUrl };
    },
    handleFailure(song, position) {
      if (load.recoveryTried) {
        deps.reportAudioError(song);
        return;
      }
      load.recoveryTried = true;
      void recover(song, load, position);
    },
    cancel,
  };
}
