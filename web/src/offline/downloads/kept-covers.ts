import { type Song, songCoverUrl, storedImageCopies } from '@kora/contracts';

/** The cover copies lists show (160 and 320 px), kept with a downloaded song. */
export function keptCoverUrls(song: Song): string[] {
  const cover = songCoverUrl(song);
  const copies = cover ? storedImageCopies(cover) : undefined;
  return (copies ?? []).filter(({ width }) => width === 160 || width === 320).map(({ url }) => url);
}
