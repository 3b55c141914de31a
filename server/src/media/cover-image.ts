import { COVER_WIDTHS } from '@kora/contracts';
import sharp, { type Metadata } from 'sharp';
import { BadRequest, UnsupportedMediaType } from '../http/errors.js';
import { averageColor } from './cover-color.js';
import { coverVariantKey, hasVariants, type MediaStorage, type StoredObject } from './storage.js';

/** Square side of a stored cover: sharp on a phone's screen, small on a slow connection. */
export const COVER_SIZE = Math.max(...COVER_WIDTHS);
/** The smaller copies stored beside every cover, for cards and rows (storage.ts names their keys). */
export const COVER_VARIANT_WIDTHS: readonly number[] = COVER_WIDTHS.filter((width) => width < COVER_SIZE);
/** Larger images are refused before they are decoded: a small file can declare a huge canvas. */
export const COVER_MAX_PIXELS = 40_000_000;

export const NOT_AN_IMAGE_MESSAGE = 'Cover must be an image (JPEG, PNG, WebP or GIF).';
export const TOO_MANY_PIXELS_MESSAGE = `Cover image is too large: at most ${COVER_MAX_PIXELS / 1_000_000} megapixels.`;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** WebP quality of stored covers and their variants, uploaded or generated. */
export const COVER_QUALITY = 80;

/**
 * A cover ready to store, uploaded or the demo catalogue's generated art: WebP, and its average
 * colour ('#rrggbb'), which image-colors.ts keeps by the stored key as the cover's placeholder.
 */
export type PreparedCover = { data: Buffer; extension: 'webp'; contentType: 'image/webp'; color: string };

/** Variants keep their base's format: JPEG for the art the demo catalogue stored before its covers were WebP. */
const VARIANT_FORMATS = {
  webp: { format: 'webp', contentType: 'image/webp' },
  jpg: { format: 'jpeg', contentType: 'image/jpeg' },
} as const;

/**
 * Turns an uploaded file into a cover the server can serve: judged by its content (never its name
 * or declared type), turned upright by its EXIF orientation, cropped to a centred square no
 * larger than COVER_SIZE, and re-encoded as WebP without any metadata (EXIF, GPS, ICC, XMP).
 * Throws 415 for anything that is not a whole JPEG, PNG, WebP or GIF, and 400 for too many pixels.
 */
export async function prepareCoverImage(input: Buffer): Promise<PreparedCover> {
  // SVG and the other formats libvips reads are refused: covers need only these four.
  const metadata = await readMetadata(input);
  if (!metadata || !ACCEPTED_FORMATS.has(metadata.format)) throw new UnsupportedMediaType(NOT_AN_IMAGE_MESSAGE);
  if (metadata.width * metadata.height > COVER_MAX_PIXELS) throw new BadRequest(TOO_MANY_PIXELS_MESSAGE);

  const upright = metadata.autoOrient;
  const side = Math.min(COVER_SIZE, upright.width, upright.height);
  try {
    // failOn 'warning' (the default, kept explicit) refuses truncated or corrupt pixel data.
    const data = await sharp(input, { autoOrient: true, limitInputPixels: COVER_MAX_PIXELS, failOn: 'warning' })
      .resize(side, side, { fit: 'cover' })
      .webp({ quality: COVER_QUALITY })
      .toBuffer();
    return await coverFromWebp(data);
  } catch {
    throw new UnsupportedMediaType(NOT_AN_IMAGE_MESSAGE);
  }
}

/** A WebP cover this server encoded, with its placeholder colour. */
export async function coverFromWebp(data: Buffer): Promise<PreparedCover> {
  return { data, extension: 'webp', contentType: 'image/webp', color: await coverColor(data) };
}

/** The placeholder colour of a stored image (image-colors.ts), under the same pixel cap as every decode here. */
export function coverColor(image: Buffer): Promise<string> {
  return averageColor(image, COVER_MAX_PIXELS);
}

/** The header's facts, or undefined when the bytes are no image sharp knows (sharp throws at once on an empty buffer). */
async function readMetadata(input: Buffer): Promise<Metadata | undefined> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/** Stores a cover and its smaller variants; returns the cover's own object. */
export async function storeCoverWithVariants(storage: MediaStorage, cover: PreparedCover): Promise<StoredObject> {
  const stored = await storage.put(cover.data, cover);
  await storeCoverVariants(storage, stored.key, cover.data);
  return stored;
}

/**
 * Makes the variants of the stored image at `baseKey` (whose bytes are `base`) and stores them under
 * their derived keys, in the base's format, without metadata. A variant at least as wide as the base
 * is the base's bytes: every variant URL works, and nothing is enlarged.
 */
export async function storeCoverVariants(
  storage: MediaStorage,
  baseKey: string,
  base: Buffer,
  widths: readonly number[] = COVER_VARIANT_WIDTHS,
): Promise<void> {
  if (!hasVariants(baseKey)) throw new Error(`Not an image key with variants: ${baseKey}`);
  const { format, contentType } = VARIANT_FORMATS[baseKey.slice(baseKey.lastIndexOf('.') + 1) as keyof typeof VARIANT_FORMATS];
  // The base was made (and checked) by this server, but the cap holds for any image sharp decodes.
  const options = { limitInputPixels: COVER_MAX_PIXELS };
  const { width = 0, height = 0 } = await sharp(base, options).metadata();
  const side = Math.min(width, height);
  for (const variantWidth of widths) {
    const data =
      variantWidth >= side
        ? base
        : await sharp(base, options).resize(variantWidth, variantWidth, { fit: 'cover' }).toFormat(format, { quality: COVER_QUALITY }).toBuffer();
    await storage.putVariant(coverVariantKey(baseKey, variantWidth), data, contentType);
  }
}

/**
 * Deletes a stored object and, for an image, its variants first: an interrupted delete leaves the
 * base, which the orphan sweep removes later with any variant it still finds.
 */
export async function deleteWithVariants(storage: MediaStorage, key: string): Promise<void> {
  if (hasVariants(key)) {
    for (const width of COVER_VARIANT_WIDTHS) await storage.delete(coverVariantKey(key, width));
  }
  await storage.delete(key);
}
