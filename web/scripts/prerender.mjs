// After `vite build` (client) and `vite build --ssr src/prerender.tsx` (into dist-ssr): writes the
// page variants the server chooses between, so a slow link gets text and the right scripts at once.
// - landing.html, auth.html, auth-signup.html: signed-out pages rendered to HTML, their CSS inline
//   (no stylesheet round trip before the first paint) and their page chunk preloaded.
// - app.html: a signed-in page; the app shell's chunks preloaded instead of found one after another.
// - home.html: app.html plus Home's two API answers, fetched while the scripts load.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const { renderSignedOut, WIDE_MEDIA_QUERY } = await import(pathToFileURL(path.join(webRoot, 'dist-ssr/prerender.js')).href);

const ENTRY = 'index.html';
/**
 * Each page's chunk: build/chunk-groups.ts puts the landing page, the sign-in page and the shell
 * with Home in one each, so the manifest knows them by those group names, not by their source files.
 */
const PAGE_CHUNKS = { landing: 'landing', auth: 'auth', app: 'app', wide: 'wide' };
function chunkKey(name) {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].name === name && !candidate.endsWith('.css'));
  if (!key) throw new Error(`No chunk named ${name} in the build manifest (see web/build/chunk-groups.ts)`);
  return key;
}
/** What Home asks the API for first (web/src/features/auth/api.ts, web/src/features/home/api.ts). */
const HOME_API = ['/api/auth/user', '/api/home'];

/** A manifest entry's static imports, recursively (the files a dynamic import fetches). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

const loadedByEntry = staticClosure(ENTRY);

/**
 * modulepreload links for the chunks a page needs beyond what the entry script (and `besides`)
 * already loads; with `media`, only where the media query matches.
 */
function chunkPreloads(sources, { besides = [], media } = {}) {
  const loaded = new Set([...loadedByEntry, ...besides.flatMap((source) => [...staticClosure(source)])]);
  const keys = new Set(sources.flatMap((source) => [...staticClosure(source)]));
  const mediaAttribute = media ? ` media="${media}"` : '';
  return [...keys]
    .filter((key) => !loaded.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}"${mediaAttribute}>`)
    .join('');
}

/**
 * The shell's chunks, and on a wide screen the footer player's (web/src/features/shell/app-shell.tsx
 * loads it only there).
 */
function shellPreloads() {
  const app = chunkKey(PAGE_CHUNKS.app);
  return chunkPreloads([app]) + chunkPreloads([chunkKey(PAGE_CHUNKS.wide)], { besides: [app], media: WIDE_MEDIA_QUERY });
}

const apiPreloads = HOME_API.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`).join('');

function withHead(html, links) {
  return html.replace('</head>', `${links}</head>`);
}

/** The stylesheet's rules in a <style> element: a signed-out visitor's first paint waits for no request. */
function withInlineCss(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/, (_, file) => {
    const css = fs.readFileSync(path.join(dist, file), 'utf8');
    return `<style>${css}</style>`;
  });
}

/** Marks Home's page (web/src/prerendered.ts) so the app starts Home's code and data at once. */
function homePage(html) {
  const marked = html.replace('<div id="root"></div>', '<div id="root" data-page="home"></div>');
  if (marked === html) throw new Error('index.html has no empty <div id="root"></div> to mark');
  return marked;
}

async function signedOutPage(url, page) {
  const rendered = await renderSignedOut(url);
  // React renders the page's <title> first when it renders into an element; it belongs in <head>.
  const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0] ?? '';
  const markup = rendered.slice(title.length);
  let html = template.replace('<div id="root"></div>', `<div id="root" data-prerendered="signed-out">${markup}</div>`);
  if (html === template) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  if (title) html = html.replace(/<title>[^<]*<\/title>/, title);
  return withInlineCss(withHead(html, chunkPreloads([page])));
}

const variants = {
  'landing.html': await signedOutPage('/', chunkKey(PAGE_CHUNKS.landing)),
  'auth.html': await signedOutPage('/auth', chunkKey(PAGE_CHUNKS.auth)),
  'auth-signup.html': await signedOutPage('/auth?tab=signup', chunkKey(PAGE_CHUNKS.auth)),
  'app.html': withHead(template, shellPreloads()),
  'home.html': homePage(withHead(template, apiPreloads + shellPreloads())),
};
for (const [file, html] of Object.entries(variants)) fs.writeFileSync(path.join(dist, file), html);
fs.rmSync(path.join(webRoot, 'dist-ssr'), { recursive: true, force: true });
