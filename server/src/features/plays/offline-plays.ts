import {
  OFFLINE_LICENCE_DAYS,
  OFFLINE_PLAY_CLOCK_SKEW_MINUTES,
  type OfflinePlay,
  type OfflinePlayResult,
  type OfflinePlaysRequest,
  type OfflinePlaysResponse,
  PLAY_COUNT_THRESHOLD_SECONDS,
} from '@kora/contracts';
import type { SongQueries } from '../songs/queries.js';
import { claimedOfflineSeconds, creditOfflinePlay } from './offline-play-credit.js';
import { sameSongWindowSeconds } from './play-credit.js';
import type { PlayQueries, PlayWrites } from './queries.js';
import { EXTERNAL_PLAY_MESSAGE } from './service.js';

export const OFFLINE_PLAY_MESSAGES = {
  duplicate: 'This play was already recorded.',
  future: 'This play is dated in the future.',
  tooOld: `This play is older than ${OFFLINE_LICENCE_DAYS} days.`,
  songNotFound: 'Song not found',
  external: EXTERNAL_PLAY_MESSAGE,
  tooShort: `Plays count from ${PLAY_COUNT_THRESHOLD_SECONDS} seconds.`,
  overlaps: 'Another play of yours was counted at that time.',
} as const;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type Song = NonNullable<Awaited<ReturnType<SongQueries['findLiveSong']>>>;

type Deps = {
  findSong: SongQueries['findLiveSong'];
  transaction: PlayQueries['transaction'];
  /** The clock plays are judged by (tests move it). */
  now?: () => Date;
};

/**
 * Plays the player kept while offline, sent when the network returns. Each one is judged where it
 * happened in the listener's history (offline-play-credit.ts) and recorded with its own time, so
 * Recently played and stats place it there. The device's clientId makes a resent play a duplicate
 * that changes nothing; it is the listener's own, so another listener's same id is another play.
 */
export function createOfflinePlayService({ findSong, transaction, now = () => new Date() }: Deps) {
  /** Every song of the batch, read once, outside the transaction. */
  async function findSongs(batch: OfflinePlay[]): Promise<Map<number, Song | undefined>> {
    const songs = new Map<number, Song | undefined>();
    for (const { songId } of batch) if (!songs.has(songId)) songs.set(songId, await findSong(songId));
    return songs;
  }

  async function recordOne(q: PlayWrites, userId: number, play: OfflinePlay, song: Song | undefined, at: Date): Promise<OfflinePlayResult> {
    const { clientId } = play;
    // Before any other judgement: a resent play is done, whatever has changed since.
    if (await q.hasClientPlay(userId, clientId)) return { clientId, status: 'duplicate', message: OFFLINE_PLAY_MESSAGES.duplicate };
    const rejected = (message: string): OfflinePlayResult => ({ clientId, status: 'rejected', message });
    const notCounted = (message: string): OfflinePlayResult => ({ clientId, status: 'not-counted', message });
    const playedAt = new Date(play.playedAt);
    if (playedAt.getTime() > at.getTime() + OFFLINE_PLAY_CLOCK_SKEW_MINUTES * MINUTE_MS) return rejected(OFFLINE_PLAY_MESSAGES.future);
    if (playedAt.getTime() < at.getTime() - OFFLINE_LICENCE_DAYS * DAY_MS) return rejected(OFFLINE_PLAY_MESSAGES.tooOld);
    if (!song) return rejected(OFFLINE_PLAY_MESSAGES.songNotFound);
    if (song.source !== 'local') return rejected(OFFLINE_PLAY_MESSAGES.external);
    const claimed = claimedOfflineSeconds(play.secondsPlayed, song.duration);
    // Too short to count needs no reads.
    if (claimed < PLAY_COUNT_THRESHOLD_SECONDS) return notCounted(OFFLINE_PLAY_MESSAGES.tooShort);

    // A device clock a little ahead is taken as now: a play stamped later than the server's clock
    // would leave no room for the listener's next online report.
    const endedAt = playedAt > at ? at : playedAt;
    const surrounding = await q.findSurroundingPlays(userId, song.id, endedAt, sameSongWindowSeconds(claimed, song.duration));
    const credit = creditOfflinePlay({ secondsPlayed: play.secondsPlayed, songDurationSeconds: song.duration, playedAt: endedAt }, surrounding);
    if (!credit.counts) return notCounted(credit.reason === 'too-short' ? OFFLINE_PLAY_MESSAGES.tooShort : OFFLINE_PLAY_MESSAGES.overlaps);
    await q.insertPlay({ userId, songId: song.id, secondsPlayed: credit.seconds, playedAt: endedAt, clientId });
    return { clientId, status: 'recorded' };
  }

  return {
    async recordOfflinePlays(userId: number, { plays }: OfflinePlaysRequest): Promise<OfflinePlaysResponse> {
      const songs = await findSongs(plays);
      return transaction(async (q) => {
        // One listener's batches and reports are decided one after another (queries.ts).
        await q.lockListener(userId);
        const at = now();
        const results: OfflinePlayResult[] = [];
        // In order, each seeing the plays recorded before it: a batch cannot count one time twice.
        for (const play of plays) results.push(await recordOne(q, userId, play, songs.get(play.songId), at));
        return { results };
      });
    },
  };
}
export type OfflinePlayService = ReturnType<typeof createOfflinePlayService>;
