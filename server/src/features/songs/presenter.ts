import type { Song } from '@kora/contracts';
import { artistImageUrl, presentArtistId } from '../artists/presenter.js';
import { mediaUrl } from '../media/routes.js';
import type { SongWithCredits } from './queries.js';

/** The one way a song leaves the server, in the shape of spec section 3. */
export function presentSong({ song, colors, artist, album, featuredArtists }: SongWithCredits, options: { isFeatured?: boolean } = {}): Song {
  const isLocal = song.source === 'local';
  const albumCover = album ? mediaUrl(album.coverKey) : null;
  return {
    // Local ids are numbers; external ones are strings naming their source.
    id: isLocal ? song.id : `${song.source}-${song.externalId}`,
    title: song.title,
    artist: { id: presentArtistId(artist), name: artist.name, imageUrl: artistImageUrl(artist), deezerId: artist.deezerId },
    album: album ? { id: album.id, title: album.title, coverUrl: albumCover } : null,
    coverArtUrl: mediaUrl(song.coverKey) ?? albumCover ?? song.externalCoverUrl,
    // The colour of the cover shown: the song's own, else its album's; an external cover has none.
    coverColor: song.coverKey ? colors.coverColor : albumCover ? colors.albumCoverColor : null,
    fileUrl: isLocal ? `/api/songs/${song.id}/stream` : song.previewUrl,
    duration: song.duration,
    isExternal: song.isExternal,
    isPreview: song.isPreview,
    externalId: song.externalId,
    deezerId: song.deezerId,
    playCount: song.playCount,
    // Measured on the song's own audio: an external preview is another recording's, at its own level.
    trackGainDb: isLocal ? song.trackGainDb : null,
    ...(options.isFeatured === undefined ? {} : { isFeatured: options.isFeatured }),
    ...(featuredArtists === undefined ? {} : { featuredArtists }),
    source: song.source,
  };
}
