import type { RecordPlayRequest, RecordPlayResponse } from '@kora/contracts';
import { BadRequest, NotFound } from '../../http/errors.js';
import type { SongQueries } from '../songs/queries.js';
import { creditPlay } from './play-credit.js';
import type { PlayQueries } from './queries.js';

export const EXTERNAL_PLAY_MESSAGE = 'Plays are counted only for songs in the library.';

export function createPlayService(deps: { findSong: SongQueries['findLiveSong']; recordPlay: PlayQueries['recordPlay'] }) {
  return {
    async recordPlay(userId: number, songId: number, request: RecordPlayRequest): Promise<RecordPlayResponse> {
      const song = await deps.findSong(songId);
      if (!song) throw new NotFound('Song not found');
      if (song.source !== 'local') throw new BadRequest(EXTERNAL_PLAY_MESSAGE);
      const credit = creditPlay(request.minutesPlayed, song.duration);
      if (!credit.counts) return { recorded: false, playCount: song.playCount, secondsCounted: 0 };
      const playCount = await deps.recordPlay({ userId, songId, secondsPlayed: credit.seconds });
      return { recorded: true, playCount, secondsCounted: credit.seconds };
    },
  };
}

export type PlayService = ReturnType<typeof createPlayService>;
