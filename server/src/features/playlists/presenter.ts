import type { Playlist, Song } from '@kora/contracts';
import { mediaUrl } from '../media/routes.js';
import { presentSong } from '../songs/presenter.js';
import type { SongWithCredits } from '../songs/queries.js';
import type { PlaylistSummary } from './queries.js';

/** What every viewer sees alike; isOwner is the viewer's own. */
type PlaylistForAnyone = Omit<Playlist, 'isOwner'>;

function presentForAnyone({ playlist, ownerName, songCount, coverColor }: PlaylistSummary): PlaylistForAnyone {
  return {
    id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    coverUrl: mediaUrl(playlist.coverKey),
    coverColor: playlist.coverKey ? coverColor : null,
    isEditorial: playlist.isEditorial,
    // The owner's name as it is now; editorial playlists have no owner and keep their stored creator.
    createdBy: ownerName ?? playlist.createdBy,
    songCount,
  };
}

/** A playlist summary (no songs) as `viewerId` sees it. */
export function presentPlaylist(summary: PlaylistSummary, viewerId: number): Playlist {
  return { ...presentForAnyone(summary), isOwner: summary.playlist.userId !== null && summary.playlist.userId === viewerId };
}

/** GET /api/playlists/{id} without isOwner, so one answer can be kept for every viewer: the summary and a first page of songs. */
export function presentPlaylistDetails(summary: PlaylistSummary, songs: SongWithCredits[]): PlaylistForAnyone & { songs: Song[] } {
  return { ...presentForAnyone(summary), songs: songs.map((row) => presentSong(row)) };
}
