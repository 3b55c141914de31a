import type { FollowState } from '@kora/contracts';
import { BadRequest, NotFound } from '../../http/errors.js';
import { parseCatalogueId } from '../songs/catalogue-id.js';
import type { FollowQueries } from './follow-queries.js';

export const ARTIST_NOT_FOUND_MESSAGE = 'Artist not found';

export const FOLLOW_ARTIST_ID_MESSAGE = 'Artist id must be a number or a Deezer id such as deezer-1424821';

/**
 * A library artist's id from the path (a catalogue's `deezer-{id}` is resolved before this):
 * anything else but a number is a bad request; a number that names no artist is not found.
 */
export function parseFollowArtistId(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new BadRequest(FOLLOW_ARTIST_ID_MESSAGE);
  const id = parseCatalogueId(raw);
  if (id === undefined) throw new NotFound(ARTIST_NOT_FOUND_MESSAGE);
  return id;
}

/** Follows are the listener's own: every call acts for `userId` only, and is idempotent. */
export function createFollowService(queries: FollowQueries) {
  async function requireArtist(userId: number, artistId: number) {
    const found = await queries.findArtistFollow(userId, artistId);
    if (!found) throw new NotFound(ARTIST_NOT_FOUND_MESSAGE);
    return found;
  }

  return {
    async status(userId: number, artistId: number): Promise<FollowState> {
      return { isFollowing: (await requireArtist(userId, artistId)).isFollowing };
    },

    async follow(userId: number, artistId: number): Promise<FollowState> {
      await requireArtist(userId, artistId);
      await queries.insertFollow(userId, artistId);
      return { isFollowing: true };
    },

    async unfollow(userId: number, artistId: number): Promise<FollowState> {
      await requireArtist(userId, artistId);
      await queries.deleteFollow(userId, artistId);
      return { isFollowing: false };
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
