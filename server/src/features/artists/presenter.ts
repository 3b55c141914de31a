import type { Artist } from '@kora/contracts';
import { mediaUrl } from '../media/routes.js';
import type { ArtistOwner, ArtistRow } from './queries.js';

/**
 * A catalogue's artist (cached from Deezer) is addressed as deezer-{id}, the route of its page
 * (spec section 2); the library's artists by their number.
 */
export function presentArtistId(artist: Pick<ArtistRow, 'id' | 'deezerId'>): Artist['id'] {
  return artist.deezerId === null ? artist.id : `deezer-${artist.deezerId}`;
}

/** A stored picture first; a catalogue's artist shows the catalogue's own. */
export function artistImageUrl(artist: Pick<ArtistRow, 'imageKey' | 'externalImageUrl'>): string | null {
  return mediaUrl(artist.imageKey) ?? artist.externalImageUrl;
}

export function presentArtist(artist: ArtistRow): Artist {
  return { id: presentArtistId(artist), name: artist.name, bio: artist.bio, imageUrl: artistImageUrl(artist), deezerId: artist.deezerId };
}

/** An artist's own page: who the profile belongs to, so a listener's artist is told from the catalogue's of the same name. */
export function presentArtistProfile(artist: ArtistRow, owner: ArtistOwner, counts: Pick<Artist, 'songCount' | 'featuredSongCount'>): Artist {
  return { ...presentArtist(artist), owner, ...counts };
}
