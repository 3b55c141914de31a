import { COVER_WIDTHS } from './constants.js';

/** A stored image: /api/media/<shard>/<sha256>.<webp|jpg>; its smaller copies are stored beside it (server/src/media/storage.ts). */
const STORED_IMAGE_URL = /^(\/api\/media\/[0-9a-f]{2}\/[0-9a-f]{64})\.(webp|jpg)$/;
const LARGEST_WIDTH = Math.max(...COVER_WIDTHS);

/** A stored image's copies, one URL per width the server keeps (the image itself the largest); undefined for any other URL. */
export function storedImageCopies(src: string): { width: number; url: string }[] | undefined {
  const match = STORED_IMAGE_URL.exec(src);
  if (!match) return undefined;
  const [, stem, extension] = match;
  return COVER_WIDTHS.map((width) => ({ width, url: width === LARGEST_WIDTH ? src : `${stem}.w${width}.${extension}` }));
}

/**
 * The srcset of a stored image: one URL per width the server keeps (`….w160.webp 160w`, …, the image
 * itself for the largest), so the browser fetches the smallest that is sharp at the shown size and the
 * screen's pixel ratio. Undefined for any other URL (an external catalogue's cover has one size).
 */
export function coverSrcSet(src: string): string | undefined {
  return storedImageCopies(src)
    ?.map(({ width, url }) => `${url} ${width}w`)
    .join(', ');
}
