import sharp from 'sharp';

export const PLACEHOLDER_MIN_SIZE = 16;
export const PLACEHOLDER_MAX_SIZE = 2000;

const BACKGROUND = '#1b1830';
const MOTIF = '#4a4570';

/**
 * A dark tile with a beamed pair of eighth notes in the middle, drawn as shapes (no fonts,
 * so every machine renders the same bytes). The note takes 40% of the shorter side.
 */
function placeholderSvg(width: number, height: number): string {
  const scale = (Math.min(width, height) * 0.4) / 100;
  const x = width / 2 - 50 * scale;
  const y = height / 2 - 50 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="${BACKGROUND}"/>
  <g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(4)})" fill="${MOTIF}">
    <polygon points="34,14 90,2 90,16 34,28"/>
    <rect x="34" y="14" width="7" height="66"/>
    <rect x="83" y="2" width="7" height="66"/>
    <ellipse cx="26" cy="80" rx="15" ry="11" transform="rotate(-20 26 80)"/>
    <ellipse cx="75" cy="68" rx="15" ry="11" transform="rotate(-20 75 68)"/>
  </g>
</svg>`;
}

export function renderPlaceholder(width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(width, height))).png({ palette: true, compressionLevel: 9 }).toBuffer();
}

/**
 * Renders each size once and keeps the most recently used ones; the app asks for three
 * sizes (50, 80, 250), so the map stays tiny while arbitrary sizes cannot grow it.
 */
export function createPlaceholderCache(maxEntries: number, render = renderPlaceholder) {
  const images = new Map<string, Promise<Buffer>>();
  return {
    get(width: number, height: number): Promise<Buffer> {
      const key = `${width}x${height}`;
      let image = images.get(key);
      if (image) {
        images.delete(key);
      } else {
        image = render(width, height);
        image.catch(() => images.delete(key));
        if (images.size >= maxEntries) images.delete(images.keys().next().value!);
      }
      images.set(key, image);
      return image;
    },
    get size() {
      return images.size;
    },
  };
}
