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

/** A song's own art first, then its album's; null lets the cover fall back to the music icon. */
export function songCoverUrl(song: Song): string | null {
  return song.coverArtUrl ?? song.album?.coverUrl ?? null;
}

/** Spec section 2: an external track's artist lives at /artist/deezer-{deezerId}. */
export function songArtistPath(song: Song): string {
  return artistPath(song.isExternal && song.artist.deezerId ? `deezer-${song.artist.deezerId}` : song.artist.id);
}
