import sharp from 'sharp';
import { COVER_QUALITY, COVER_SIZE } from './cover-image.js';
import { type Rng, mulberry32, pick } from './seeded-random.js';

/**
 * Seeded geometric cover art. Text is deliberately never drawn: sharp rasterises SVG text
 * with whatever fonts fontconfig finds, so the look would vary between machines.
 */
export interface CoverArtOptions {
  seed: number;
  /** Mixed into the seed, so two releases sharing a seed still get distinct art. */
  title: string;
  subtitle?: string;
  /** Side in pixels; a stored cover's (COVER_SIZE) by default. */
  size?: number;
  /** 'round' centres the composition so it survives a circular crop (artist avatars). */
  shape?: 'square' | 'round';
}

const PALETTE = {
  indigo: '#1f1b5c',
  midnight: '#12102e',
  gold: '#f2b705',
  ochre: '#d98e04',
  terracotta: '#c4622d',
  clay: '#8c3b1f',
  emerald: '#0f8a5f',
  forest: '#0b4d3a',
  magenta: '#c2185b',
  plum: '#5e1742',
  cream: '#f4e4c1',
} as const;

type Colour = (typeof PALETTE)[keyof typeof PALETTE];

/** Dark/bright pairings that keep contrast between background and pattern. */
const SCHEMES: ReadonlyArray<{ background: readonly [Colour, Colour]; accents: readonly Colour[] }> = [
  { background: [PALETTE.midnight, PALETTE.indigo], accents: [PALETTE.gold, PALETTE.terracotta, PALETTE.cream] },
  { background: [PALETTE.clay, PALETTE.terracotta], accents: [PALETTE.gold, PALETTE.cream, PALETTE.midnight] },
  { background: [PALETTE.forest, PALETTE.emerald], accents: [PALETTE.gold, PALETTE.cream, PALETTE.magenta] },
  { background: [PALETTE.plum, PALETTE.magenta], accents: [PALETTE.gold, PALETTE.cream, PALETTE.emerald] },
  { background: [PALETTE.indigo, PALETTE.magenta], accents: [PALETTE.gold, PALETTE.cream, PALETTE.terracotta] },
  { background: [PALETTE.ochre, PALETTE.terracotta], accents: [PALETTE.midnight, PALETTE.cream, PALETTE.forest] },
  { background: [PALETTE.midnight, PALETTE.forest], accents: [PALETTE.terracotta, PALETTE.gold, PALETTE.cream] },
];

interface Ctx {
  rnd: Rng;
  accents: readonly Colour[];
}

const accent = (ctx: Ctx, i: number) => ctx.accents[i % ctx.accents.length]!;
const n = (value: number) => Number(value.toFixed(2));

/** Concentric rings, the sun/adinkrahene motif. */
function rings(ctx: Ctx, cx: number, cy: number, outer: number): string {
  const count = 4 + Math.floor(ctx.rnd() * 5);
  const width = outer / count / 2 + ctx.rnd() * 2;
  return Array.from({ length: count }, (_, i) => {
    const r = n(outer - (i * outer) / count);
    return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}" fill="none" stroke="${accent(ctx, i)}" stroke-width="${n(width)}" opacity="${n(0.55 + 0.4 * ctx.rnd())}"/>`;
  }).join('');
}

/** Kente-like vertical bands broken by blocks of a contrasting weave. */
function kente(ctx: Ctx): string {
  const parts: string[] = [];
  let x = 0;
  let band = 0;
  while (x < 100) {
    const w = 6 + Math.floor(ctx.rnd() * 10);
    const colour = accent(ctx, band);
    parts.push(`<rect x="${x}" y="0" width="${w}" height="100" fill="${colour}" opacity="${band % 2 ? 0.9 : 0.35}"/>`);
    if (band % 2) {
      const block = 4 + Math.floor(ctx.rnd() * 4);
      for (let y = block; y < 100; y += block * 2) {
        parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${block}" fill="${accent(ctx, band + 1)}" opacity="0.85"/>`);
      }
    }
    x += w;
    band++;
  }
  return `<g transform="rotate(${pick(ctx.rnd, [0, 90, 45])} 50 50) scale(1.5) translate(-17 -17)">${parts.join('')}</g>`;
}

function waves(ctx: Ctx): string {
  const count = 6 + Math.floor(ctx.rnd() * 6);
  const amplitude = 3 + ctx.rnd() * 6;
  const wavelength = 20 + ctx.rnd() * 30;
  const phase = ctx.rnd() * wavelength;
  return Array.from({ length: count }, (_, i) => {
    const y = ((i + 0.5) * 100) / count;
    let d = `M ${n(-phase)} ${n(y)}`;
    for (let x = -phase; x < 110; x += wavelength) {
      d += ` q ${n(wavelength / 4)} ${n(-amplitude)} ${n(wavelength / 2)} 0 t ${n(wavelength / 2)} 0`;
    }
    const width = 1.2 + ctx.rnd() * 3;
    return `<path d="${d}" fill="none" stroke="${accent(ctx, i)}" stroke-width="${n(width)}" stroke-linecap="round" opacity="0.85"/>`;
  }).join('');
}

/** Bogolan (mud cloth) rows: zigzags, dot rows and dashes in one light colour. */
function mudcloth(ctx: Ctx): string {
  const colour = pick(ctx.rnd, ctx.accents);
  const rows = 7 + Math.floor(ctx.rnd() * 4);
  const h = 100 / rows;
  const parts: string[] = [];
  for (let r = 0; r < rows; r++) {
    const y = r * h + h / 2;
    const kind = (r + Math.floor(ctx.rnd() * 2)) % 3;
    if (kind === 0) {
      const points: string[] = [];
      for (let x = 0, up = true; x <= 100; x += h / 2, up = !up) points.push(`${n(x)},${n(y + (up ? -h / 3 : h / 3))}`);
      parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="1.4"/>`);
    } else if (kind === 1) {
      for (let x = h / 2; x < 100; x += h) parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(h / 7)}" fill="${colour}"/>`);
    } else {
      for (let x = h / 4; x < 100; x += h) {
        parts.push(`<rect x="${n(x)}" y="${n(y - h / 10)}" width="${n(h / 2)}" height="${n(h / 5)}" fill="${colour}"/>`);
      }
    }
  }
  return `<g opacity="0.8">${parts.join('')}</g>`;
}

function diamonds(ctx: Ctx): string {
  const step = 10 + Math.floor(ctx.rnd() * 8);
  const parts: string[] = [];
  for (let row = 0, y = 0; y <= 100 + step; row++, y += step / 2) {
    for (let x = row % 2 ? step / 2 : 0; x <= 100 + step; x += step) {
      const s = step / 2 - 1;
      parts.push(
        `<path d="M ${n(x)} ${n(y - s)} L ${n(x + s)} ${n(y)} L ${n(x)} ${n(y + s)} L ${n(x - s)} ${n(y)} Z" fill="${accent(ctx, row + Math.round(x / step))}" opacity="0.5"/>`,
      );
    }
  }
  return parts.join('');
}

/** A central adinkra-inspired emblem: an eight-point star, a ringed cross, or four ram's-horn spirals. */
function emblem(ctx: Ctx, r: number): string {
  const main = accent(ctx, 0);
  const second = accent(ctx, 1);
  const kind = Math.floor(ctx.rnd() * 3);
  if (kind === 0) {
    const points = Array.from({ length: 16 }, (_, i) => {
      const radius = i % 2 ? r * 0.45 : r;
      const angle = (i * Math.PI) / 8;
      return `${n(50 + radius * Math.sin(angle))},${n(50 - radius * Math.cos(angle))}`;
    });
    return `<polygon points="${points.join(' ')}" fill="${main}"/><circle cx="50" cy="50" r="${n(r * 0.28)}" fill="${second}"/>`;
  }
  if (kind === 1) {
    const arm = r * 0.22;
    const dots = [[-1, -1], [1, -1], [1, 1], [-1, 1]]
      .map(([dx, dy]) => `<circle cx="${n(50 + dx! * r * 0.55)}" cy="${n(50 + dy! * r * 0.55)}" r="${n(r * 0.12)}" fill="${second}"/>`)
      .join('');
    return `<circle cx="50" cy="50" r="${n(r)}" fill="none" stroke="${main}" stroke-width="${n(r * 0.14)}"/>`
      + `<rect x="${n(50 - arm / 2)}" y="${n(50 - r)}" width="${n(arm)}" height="${n(2 * r)}" fill="${main}"/>`
      + `<rect x="${n(50 - r)}" y="${n(50 - arm / 2)}" width="${n(2 * r)}" height="${n(arm)}" fill="${main}"/>`
      + dots;
  }
  const horn = (rotation: number) =>
    `<path transform="rotate(${rotation} 50 50)" d="M 50 50 L 50 ${n(50 - r * 0.45)} a ${n(r * 0.28)} ${n(r * 0.28)} 0 1 1 ${n(r * 0.5)} ${n(r * 0.05)} a ${n(r * 0.16)} ${n(r * 0.16)} 0 1 1 ${n(-r * 0.2)} ${n(r * 0.2)}" fill="none" stroke="${main}" stroke-width="${n(r * 0.11)}" stroke-linecap="round"/>`;
  return [0, 90, 180, 270].map(horn).join('') + `<rect x="${n(50 - r * 0.14)}" y="${n(50 - r * 0.14)}" width="${n(r * 0.28)}" height="${n(r * 0.28)}" transform="rotate(45 50 50)" fill="${second}"/>`;
}

const SQUARE_LAYOUTS = [
  (ctx: Ctx) => kente(ctx),
  (ctx: Ctx) => waves(ctx) + rings(ctx, 20 + ctx.rnd() * 60, 20 + ctx.rnd() * 60, 18 + ctx.rnd() * 14),
  (ctx: Ctx) => mudcloth(ctx),
  (ctx: Ctx) => diamonds(ctx) + emblem(ctx, 22),
  (ctx: Ctx) => rings(ctx, pick(ctx.rnd, [0, 100]), pick(ctx.rnd, [0, 100]), 70 + ctx.rnd() * 40),
  (ctx: Ctx) => waves(ctx) + emblem(ctx, 26),
];

const ROUND_LAYOUTS = [
  (ctx: Ctx) => rings(ctx, 50, 50, 48) + emblem(ctx, 20),
  (ctx: Ctx) => emblem(ctx, 34),
  (ctx: Ctx) => rings(ctx, 50, 50, 46),
];

/** FNV-1a, to fold the title into the seed. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function coverArtSvg(opts: CoverArtOptions): string {
  const size = opts.size ?? COVER_SIZE;
  const rnd = mulberry32(opts.seed ^ hashString(`${opts.title}\u0000${opts.subtitle ?? ''}`));
  const scheme = pick(rnd, SCHEMES);
  const offset = Math.floor(rnd() * scheme.accents.length);
  const ctx: Ctx = { rnd, accents: [...scheme.accents.slice(offset), ...scheme.accents.slice(0, offset)] };
  const angle = Math.floor(rnd() * 360);
  const [from, to] = rnd() < 0.5 ? scheme.background : [scheme.background[1], scheme.background[0]];
  const art = pick(rnd, opts.shape === 'round' ? ROUND_LAYOUTS : SQUARE_LAYOUTS)(ctx);
  const glowX = n(20 + rnd() * 60);
  const glowY = n(20 + rnd() * 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">`
    + '<defs>'
    + `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
    + `<radialGradient id="glow" cx="${glowX}%" cy="${glowY}%" r="60%"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`
    + '<radialGradient id="vignette" r="75%"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>'
    + '</defs>'
    + '<rect width="100" height="100" fill="url(#bg)"/>'
    + art
    + '<rect width="100" height="100" fill="url(#glow)"/>'
    + '<rect width="100" height="100" fill="url(#vignette)"/>'
    + '</svg>';
}

/** The art as WebP at the quality of uploaded covers, so the demo catalogue's covers are stored like theirs. */
export async function renderCoverArt(opts: CoverArtOptions): Promise<Buffer> {
  return sharp(Buffer.from(coverArtSvg(opts)))
    .flatten({ background: PALETTE.midnight })
    .webp({ quality: COVER_QUALITY })
    .toBuffer();
}
