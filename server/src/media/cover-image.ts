import sharp, { type Metadata } from 'sharp';
import { BadRequest, UnsupportedMediaType } from '../http/errors.js';

/** Square side of a stored cover: sharp on a phone's screen, small on a slow connection. */
export const COVER_SIZE = 640;
/** Larger images are refused before they are decoded: a small file can declare a huge canvas. */
export const COVER_MAX_PIXELS = 40_000_000;

export const NOT_AN_IMAGE_MESSAGE = 'Cover must be an image (JPEG, PNG, WebP or GIF).';
export const TOO_MANY_PIXELS_MESSAGE = `Cover image is too large: at most ${COVER_MAX_PIXELS / 1_000_000} megapixels.`;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export type PreparedCover = { data: Buffer; extension: 'webp'; contentType: 'image/webp' };

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
      .webp({ quality: 80 })
      .toBuffer();
    return { data, extension: 'webp', contentType: 'image/webp' };
  } catch {
    throw new UnsupportedMediaType(NOT_AN_IMAGE_MESSAGE);
  }
}

/** The header's facts, or undefined when the bytes are no image sharp knows (sharp throws at once on an empty buffer). */
async function readMetadata(input: Buffer): Promise<Metadata | undefined> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}
