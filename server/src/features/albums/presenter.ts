import type { Album } from '@kora/contracts';
import { mediaUrl } from '../media/routes.js';
import type { AlbumWithArtist } from './queries.js';

export function presentAlbum({ album, artist, coverColor }: AlbumWithArtist): Album {
  return {
    id: album.id,
    title: album.title,
    coverUrl: mediaUrl(album.coverKey),
    coverColor: album.coverKey ? coverColor : null,
    releaseYear: album.releaseYear,
    description: album.description,
    artist: { id: artist.id, name: artist.name },
  };
}
