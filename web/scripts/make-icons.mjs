// Writes the installed app's icons (web/public/icons/, committed) from the Kora mark in
// public/favicon.svg. Run it again only when the mark changes: `node web/scripts/make-icons.mjs`.
// - icon-<size>.png ("any"): the mark as it is, its rounded corners transparent.
// - maskable-<size>.png: the gold square full bleed, with the kora drawn inside the safe zone
//   (the centre circle of 80% of the width), since the launcher crops to its own shape.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const iconsDir = path.join(webRoot, 'public/icons');
const SIZES = [192, 512];

const mark = fs.readFileSync(path.join(webRoot, 'public/favicon.svg'), 'utf8');
const gradient = /<defs>.*<\/defs>/.exec(mark)?.[0];
const drawing = /<\/defs><rect[^>]*\/>(.*)<\/svg>/.exec(mark)?.[1];
if (!gradient || !drawing) throw new Error('favicon.svg no longer has the expected <defs>, square and drawing');

// The drawing reaches 19.6 units from the centre (the neck's round cap); the safe zone's radius
// is 40% of 48 = 19.2, so it is drawn at 90% to keep a margin.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${gradient}<rect width="48" height="48" fill="url(#g)"/><g transform="translate(24 24) scale(0.9) translate(-24 -24)">${drawing}</g></svg>`;

fs.mkdirSync(iconsDir, { recursive: true });
for (const size of SIZES) {
  for (const [name, svg] of [['icon', mark], ['maskable', maskable]]) {
    const file = path.join(iconsDir, `${name}-${size}.png`);
    // Rendered at the icon's own size from the vector, not scaled from a small bitmap.
    await sharp(Buffer.from(svg), { density: (72 * size) / 48 }).resize(size, size).png({ compressionLevel: 9 }).toFile(file);
    process.stdout.write(`${path.relative(webRoot, file)} ${fs.statSync(file).size} bytes\n`);
  }
}
