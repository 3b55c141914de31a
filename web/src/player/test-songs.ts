import type { Song } from '@kora/contracts';

/** A local song for the player's unit tests; only the id and the overrides matter. */
export function buildSong(id: number | string, overrides: Partial<Song> = {}): Song {
  return {
    id,
    title: `Song ${id}`,
    artist: { id: 1, name: 'Asa', imageUrl: null, deezerId: null },
    album: null,
    coverArtUrl: null,
    fileUrl: `/api/songs/${id}/stream`,
    duration: 120,
    isExternal: false,
    isPreview: false,
    externalId: null,
    deezerId: null,
    playCount: 0,
    trackGainDb: null,
    source: 'local',
    ...overrides,
  };
}

export function buildSongs(count: number): Song[] {
  return Array.from({ length: count }, (_, i) => buildSong(i + 1));
}
