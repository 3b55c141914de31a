import type { Artist, Song } from '@kora/contracts';

export function artistPath(artistId: Artist['id']): string {
  return `/artist/${encodeURIComponent(String(artistId))}`;
}

export function albumPath(albumId: number): string {
  return `/album/${albumId}`;
}

export function playlistPath(playlistId: number): string {
  return `/playlist/${playlistId}`;
}

/** Spec section 2: an external track's artist lives at /artist/deezer-{deezerId}. */
export function songArtistPath(song: Song): string {
  return artistPath(song.isExternal && song.artist.deezerId ? `deezer-${song.artist.deezerId}` : song.artist.id);
}
