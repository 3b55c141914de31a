/// <reference lib="webworker" />
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { DOWNLOADS_CACHE, downloadedAudioKey } from '../offline/downloads/audio-cache';
import { readDeviceListener } from '../offline/device-listener';
import { mayPlayDownload } from '../offline/downloads/offline-playback-rule';
import { openOfflineDb } from '../offline/offline-db';

declare const self: ServiceWorkerGlobalScope;

const STREAM_PATH = /^\/api\/songs\/(\d+)\/stream$/;
/** Stored images are named by their content's hash: a kept copy is the same bytes the server would send. */
const MEDIA_IMAGE_PATH = /^\/api\/media\/[0-9a-f]{2}\/[0-9a-f]{64}(\.w\d+)?\.(webp|jpg)$/;
/** A decision is trusted this long: the player asks for many ranges of one song. */
const CHECK_TTL_MS = 60_000;

// Opened once for the worker's life: the player asks for many ranges, each would open it again.
let offlineDb: ReturnType<typeof openOfflineDb> | undefined;
export const offlineDatabase = () => (offlineDb ??= openOfflineDb());

/** Decisions made, per listener and song, until the app says downloads or the listener changed. */
const checked = new Map<string, { ok: boolean; until: number }>();

/** The downloaded audio of a song, if the listener signed in on this device kept it and holds a valid licence. */
async function downloadedAudio(songId: number): Promise<Response | undefined> {
  const audio = await (await caches.open(DOWNLOADS_CACHE)).match(downloadedAudioKey(songId));
  if (!audio) return undefined;
  const listener = await readDeviceListener();
  const now = Date.now();
  const key = `${listener}:${songId}`;
  const cached = checked.get(key);
  if (cached && cached.until > now) return cached.ok ? audio : undefined;
  const db = await offlineDatabase();
  const [kept, licence] = listener === null ? [] : await Promise.all([db.get('songs', [listener, songId]), db.get('licences', listener)]);
  const ok = await mayPlayDownload({ listener, keptBy: kept?.userId, licence, now: new Date(now) });
  checked.set(key, { ok, until: now + CHECK_TTL_MS });
  return ok ? audio : undefined;
}

/**
 * Streams of downloaded songs (issue 15), and their covers, come from this device, online or not: no data spent on
 * music already kept. Ranges are cut from the kept file (206), so seeking works offline. A song the
 * signed-in listener did not keep, or keeps without a valid licence, goes to the network, where the
 * server applies the plan's rules (offline-playback-rule.ts).
 */
export function registerDownloadedAudioRoutes(): void {
  // The app's "Remove", a renewed or lapsed licence and another sign-in take effect at once.
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
