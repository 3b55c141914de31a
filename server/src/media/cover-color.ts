import sharp from 'sharp';

/** A stored colour: '#' and six lowercase hex digits, as the API gives it. */
export const COLOR_PATTERN = /^#[0-9a-f]{6}$/;

/**
 * The image's average colour as '#rrggbb': the placeholder a page shows where the cover will be, so
 * it is not an empty box while the image downloads on a slow link. Transparent parts count as black
 * (the app's dark surfaces show through them). Shrinking to one pixel averages every pixel.
 */
export async function averageColor(image: Buffer, limitInputPixels: number): Promise<string> {
  const pixel = await sharp(image, { limitInputPixels })
    .flatten({ background: '#000000' })
    .resize(1, 1, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return `#${[...pixel.subarray(0, 3)].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}
