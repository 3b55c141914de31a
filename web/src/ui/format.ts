import type { Song } from '@kora/contracts';

const countFormat = new Intl.NumberFormat('en-NG');

/** Counts with thousands separators (spec section 9): 12345 → '12,345'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A song's play count as the track lists show it: '0 plays', '1 play', '12,345 plays'. */
export function formatPlays(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'play' : 'plays'}`;
}

/** Track positions are zero-padded to two digits (spec section 9): 1 → '01'. */
export function formatTrackNumber(position: number): string {
  return String(position).padStart(2, '0');
}

/** '1 song', '7 songs', '1,204 songs'. */
export function formatQuantity(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** 'Ọláolúwa Adébáyọ̀ ft. Nnamdi Ọ̀kọ̀lí': the artist, and whoever the song features. */
export function describeArtists(song: Pick<Song, 'artist' | 'featuredArtists'>): string {
  const featured = song.featuredArtists ?? [];
  if (featured.length === 0) return song.artist.name;
  return `${song.artist.name} ft. ${featured.map((artist) => artist.name).join(', ')}`;
}
