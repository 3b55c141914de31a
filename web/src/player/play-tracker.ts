import { PLAY_COUNT_THRESHOLD_SECONDS, type Song } from '@kora/contracts';

export type QualifiedPlay = { songId: Song['id']; secondsPlayed: number };

type PlayTrackerOptions = {
  /** Called once per song start that reached the threshold. */
  onQualified: (play: QualifiedPlay) => void;
  now?: () => number;
  thresholdSeconds?: number;
};

export type PlayTracker = {
  /** Sound started or resumed for this song; a different song than the tracked one settles that one first. */
  resume: (songId: Song['id']) => void;
  /** Sound stopped (paused or stalled): the time so far is kept. */
  pause: () => void;
  /** The song is over (it ended, another one starts, or the page goes): record it if it qualifies. */
  settle: () => void;
  /** Seconds of sound counted for the tracked song so far. */
  getSecondsPlayed: () => number;
};

/**
 * Spec section 4: timing starts on play and accumulates on pause or end; a play counts only
 * after PLAY_COUNT_THRESHOLD_SECONDS of sound. One record per song start, sent when the song is
 * settled, so minutesPlayed holds everything that was heard.
 */
export function createPlayTracker({
  onQualified,
  now = () => Date.now(),
  thresholdSeconds = PLAY_COUNT_THRESHOLD_SECONDS,
}: PlayTrackerOptions): PlayTracker {
  let session: { songId: Song['id']; playedMs: number; runningSince: number | null } | null = null;

  function pause(): void {
    if (!session || session.runningSince === null) return;
    session.playedMs += now() - session.runningSince;
    session.runningSince = null;
  }

  function settle(): void {
    pause();
    const finished = session;
    session = null;
    if (finished && finished.playedMs >= thresholdSeconds * 1000) {
      onQualified({ songId: finished.songId, secondsPlayed: finished.playedMs / 1000 });
    }
  }

  return {
    resume(songId) {
      if (session && session.songId !== songId) settle();
      session ??= { songId, playedMs: 0, runningSince: null };
      session.runningSince ??= now();
    },
    pause,
    settle,
    getSecondsPlayed() {
      if (!session) return 0;
      const running = session.runningSince === null ? 0 : now() - session.runningSince;
      return (session.playedMs + running) / 1000;
    },
  };
}
