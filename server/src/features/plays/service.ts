import { PLAY_COUNT_THRESHOLD_SECONDS, type RecordPlayRequest, type RecordPlayResponse } from '@kora/contracts';
import { BadRequest, NotFound } from '../../http/errors.js';
import type { SongQueries } from '../songs/queries.js';
import { claimedSeconds, creditPlay, sameSongWindowSeconds } from './play-credit.js';
import type { PlayQueries } from './queries.js';

export const EXTERNAL_PLAY_MESSAGE = 'Plays are counted only for songs in the library.';

type Deps = {
  findSong: SongQueries['findLiveSong'];
  transaction: PlayQueries['transaction'];
  /** The clock reports are judged by (tests move it). */
  now?: () => Date;
};

/**
 * Play reports. The client's minutesPlayed is a claim, not a fact: it is credited only as far as
 * the clock allows (play-credit.ts), decided while the listener's row is locked, so a burst of
 * reports, concurrent or not, counts as the one listening it can be.
 */
export function createPlayService({ findSong, transaction, now = () => new Date() }: Deps) {
  return {
    async recordPlay(userId: number, songId: number, request: RecordPlayRequest): Promise<RecordPlayResponse> {
      const song = await findSong(songId);
      if (!song) throw new NotFound('Song not found');
      if (song.source !== 'local') throw new BadRequest(EXTERNAL_PLAY_MESSAGE);
      const uncounted = { recorded: false, playCount: song.playCount, secondsCounted: 0 };
      // A claim too short to count needs no lock.
      const claimed = claimedSeconds(request.minutesPlayed, song.duration);
      if (claimed < PLAY_COUNT_THRESHOLD_SECONDS) return uncounted;

      return transaction(async (q) => {
        await q.lockListener(userId);
        // Read once the lock is held: a report that waited for another is judged after it.
        const at = now();
        const songSince = new Date(at.getTime() - sameSongWindowSeconds(claimed, song.duration) * 1000);
        const history = { now: at, ...(await q.findLastPlays(userId, songId, songSince)) };
        const credit = creditPlay({ minutesPlayed: request.minutesPlayed, songDurationSeconds: song.duration }, history);
        if (!credit.counts) return uncounted;
        const playCount = await q.insertPlay({ userId, songId, secondsPlayed: credit.seconds, playedAt: at });
        return { recorded: true, playCount, secondsCounted: credit.seconds };
      });
    },
  };
}

export type PlayService = ReturnType<typeof createPlayService>;
