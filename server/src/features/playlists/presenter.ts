import type { Playlist } from '@kora/contracts';
import { mediaUrl } from '../media/routes.js';
import type { PlaylistSummary } from './queries.js';

export function presentPlaylist({ playlist, songCount }: PlaylistSummary): Playlist {
  return {
    id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    coverUrl: mediaUrl(playlist.coverKey),
    isEditorial: playlist.isEditorial,
    createdBy: playlist.createdBy,
    songCount,
  };
}
