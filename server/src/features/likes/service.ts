import { type LikedStatus, NON_LOCAL_LIKE_MESSAGE } from '@kora/contracts';
import { BadRequest, NotFound } from '../../http/errors.js';
import { PLAYLIST_NOT_FOUND_MESSAGE } from '../playlists/service.js';
import type { LikeQueries } from './queries.js';

/**
 * Likes are the listener's own: every call acts for `userId` only. A song can be liked only
 * while it is live and in the library; any playlist a listener can open can be liked.
 */
export function createLikeService(queries: LikeQueries) {
  async function requireLocalSong(userId: number, songId: number) {
    const song = await queries.findLiveSongLike(userId, songId);
    if (!song) throw new NotFound('Song not found');
    // External songs are kept as rows too; their numeric row id must not get around the rule.
    if (song.source !== 'local') throw new BadRequest(NON_LOCAL_LIKE_MESSAGE);
    return song;
  }

  async function requirePlaylist(userId: number, playlistId: number) {
    const playlist = await queries.findPlaylistLike(userId, playlistId);
    if (!playlist) throw new NotFound(PLAYLIST_NOT_FOUND_MESSAGE);
    return playlist;
  }

  return {
    async songStatus(userId: number, songId: number): Promise<LikedStatus> {
      return { isLiked: (await requireLocalSong(userId, songId)).isLiked };
    },

    async likeSong(userId: number, songId: number): Promise<LikedStatus> {
      await requireLocalSong(userId, songId);
      await queries.insertSongLike(userId, songId);
      return { isLiked: true };
    },

    async unlikeSong(userId: number, songId: number): Promise<LikedStatus> {
      await requireLocalSong(userId, songId);
      await queries.deleteSongLike(userId, songId);
      return { isLiked: false };
    },

    async playlistStatus(userId: number, playlistId: number): Promise<LikedStatus> {
      return { isLiked: (await requirePlaylist(userId, playlistId)).isLiked };
    },

    async likePlaylist(userId: number, playlistId: number): Promise<LikedStatus> {
      await requirePlaylist(userId, playlistId);
      await queries.insertPlaylistLike(userId, playlistId);
      return { isLiked: true };
    },

    async unlikePlaylist(userId: number, playlistId: number): Promise<LikedStatus> {
      await requirePlaylist(userId, playlistId);
      await queries.deletePlaylistLike(userId, playlistId);
      return { isLiked: false };
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
