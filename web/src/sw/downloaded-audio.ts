/// <reference lib="webworker" />
import { verifyOfflineLicence } from '@kora/contracts';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { DOWNLOADS_CACHE, downloadedAudioKey } from '../offline/downloads/audio-cache';
import { openOfflineDb } from '../offline/offline-db';

declare const self: ServiceWorkerGlobalScope;

const STREAM_PATH = /^\/api\/songs\/(\d+)\/stream$/;
/** Stored images are named by their content's hash: a kept copy is the same bytes the server would send. */
const MEDIA_IMAGE_PATH = /^\/api\/media\/[0-9a-f]{2}\/[0-9a-f]{64}(\.w\d+)?\.(webp|jpg)$/;
/** A licence checked once is trusted this long: the player asks for many ranges of one song. */
const CHECK_TTL_MS = 60_000;

const checked = new Map<number, { ok: boolean; until: number }>();
// Opened once for the worker's life: the player asks for many ranges, each would open it again.
let offlineDb: ReturnType<typeof openOfflineDb> | undefined;
const database = () => (offlineDb ??= openOfflineDb());

/** Whether this listener's stored licence is the server's, theirs, and not expired. */
async function licensed(db: Awaited<ReturnType<typeof openOfflineDb>>, userId: number): Promise<boolean> {
  const now = Date.now();
  const cached = checked.get(userId);
  if (cached && cached.until > now) return cached.ok;
  const stored = await db.get('licences', userId);
  const check = stored ? await verifyOfflineLicence(stored.licence, stored.publicKey, new Date(now)) : null;
  const ok = check?.ok === true && check.payload.userId === userId;
  checked.set(userId, { ok, until: now + CHECK_TTL_MS });
  return ok;
}

/** The downloaded audio of a song, if a listener who kept it holds a valid licence. */
async function downloadedAudio(songId: number): Promise<Response | undefined> {
  const audio = await (await caches.open(DOWNLOADS_CACHE)).match(downloadedAudioKey(songId));
  if (!audio) return undefined;
  const db = await database();
  const keepers = await db.getAllFromIndex('songs', 'bySong', songId);
  for (const keeper of keepers) if (await licensed(db, keeper.userId)) return audio;
  return undefined;
}

/**
 * Streams of downloaded songs (issue 15), and their covers, come from this device, online or not: no data spent on
 * music already kept. Ranges are cut from the kept file (206), so seeking works offline. A song
 * nobody with a valid licence kept goes to the network, where the server applies the plan's rules.
 * A stored licence is checked against the server's signature and expiry, so editing browser
 * storage cannot extend it.
 */
export function registerDownloadedAudioRoutes(): void {
  // The app's "Remove" and a renewed or lapsed licence take effect at once.
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'DOWNLOADS_CHANGED') checked.clear();
  });
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && STREAM_PATH.test(url.pathname),
    async ({ request, url }) => {
      const songId = Number(STREAM_PATH.exec(url.pathname)![1]);
      const audio = await downloadedAudio(songId).catch(() => undefined);
      if (!audio) return fetch(request);
      return request.headers.has('range') ? createPartialResponse(request, audio) : audio;
    },
  );
  // The covers kept with downloads, so the Downloaded view looks the same with no network.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && MEDIA_IMAGE_PATH.test(url.pathname),
    async ({ request }) => (await (await caches.open(DOWNLOADS_CACHE)).match(request.url)) ?? fetch(request),
  );
}
