import type { Artist } from '@kora/contracts';
import { mediaUrl } from '../media/routes.js';
import type { ArtistRow } from './queries.js';

export function presentArtist(artist: ArtistRow): Artist {
  return { id: artist.id, name: artist.name, bio: artist.bio, imageUrl: mediaUrl(artist.imageKey), deezerId: artist.deezerId };
}
