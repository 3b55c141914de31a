/// <reference lib="webworker" />
import { DOWNLOAD_BITRATE_HEADER } from '@kora/contracts';
import { browserAudioCache } from '../offline/downloads/audio-cache';
import {
  BACKGROUND_DOWNLOAD_FINISHED,
  type BackgroundDownloadFinished,
  type BackgroundOutcome,
  parseBackgroundDownloadId,
  songIdOfDownload,
} from '../offline/downloads/background-download-id';
import { downloadStore } from '../offline/downloads/download-store';
import { addToCollection, downloadable, keepDownloadedSong } from '../offline/downloads/keep-downloaded-song';
import { offlineDatabase } from './downloaded-audio';

declare const self: ServiceWorkerGlobalScope;

// The Background Fetch events (WICG), which TypeScript's worker types do not have yet: the members used here.
type BackgroundFetchRecord = { request: Request; responseReady: Promise<Response> };
type BackgroundFetchEvent = ExtendableEvent & {
  registration: { id: string; matchAll(): Promise<BackgroundFetchRecord[]> };
  /** Only on success and failure events. */
  updateUI?(options: { title: string }): Promise<void>;
};

const DOWNLOADED_VIEW = '/library?tab=downloaded';

async function tellPages(id: string, outcome: BackgroundOutcome): Promise<void> {
  const message: BackgroundDownloadFinished = { type: BACKGROUND_DOWNLOAD_FINISHED, id, outcome };
  for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) page.postMessage(message);
}

/**
 * Keeps what the browser fetched for a collection, each song only if its whole answer came: the
 * same storing as the app's own downloads (keep-downloaded-song.ts). A song the server refused or
 * that did not fit on the disk is left for the app, which fetches what is missing and says why.
 */
async function storeFetched(event: BackgroundFetchEvent, allFetched: boolean): Promise<void> {
  const { id } = event.registration;
  const owner = parseBackgroundDownloadId(id);
  if (!owner) return;
  let outcome: BackgroundOutcome = allFetched ? 'stored' : 'failed';
  const store = downloadStore(offlineDatabase(), owner.userId);
  const collection = await store.collection(owner.key);
  // Removed while the browser was fetching: nothing of it is kept.
  if (collection) {
    const songs = new Map(collection.songs.filter(downloadable).map((song) => [song.id, song]));
    const cache = browserAudioCache();
    for (const record of await event.registration.matchAll()) {
      const song = songs.get(songIdOfDownload(record.request.url) ?? NaN);
      const response = await record.responseReady.catch(() => undefined);
      const audio = response?.ok ? await response.blob().catch(() => undefined) : undefined;
      const length = Number(response?.headers.get('content-length'));
      if (!song || !audio || (length > 0 && audio.size !== length)) {
        outcome = 'failed';
        continue;
      }
      const kept = await store.song(song.id);
      if (kept) {
        await addToCollection(store, kept, owner.key);
        continue;
      }
      try {
        const bitrateKbps = Number(response!.headers.get(DOWNLOAD_BITRATE_HEADER)) || null;
        await keepDownloadedSong({ store, cache, collectionKey: owner.key, song, audio, bitrateKbps, now: new Date() });
      } catch {
        // No room: the app tries the rest itself and tells the listener.
        outcome = 'failed';
        break;
      }
    }
    await event.updateUI?.({ title: outcome === 'stored' ? `${collection.title}: downloaded` : `${collection.title}: not all downloaded` });
  }
  await tellPages(id, outcome);
}

/**
 * Background Fetch (issue 15): the browser downloads a collection's songs with the page closed or
 * the phone asleep, pausing while the network is away; these events store what it brought.
 */
export function registerBackgroundDownloads(): void {
  const on = (type: string, handle: (event: BackgroundFetchEvent) => Promise<unknown>) =>
    self.addEventListener(type, (event) => (event as BackgroundFetchEvent).waitUntil(handle(event as BackgroundFetchEvent)));
  on('backgroundfetchsuccess', (event) => storeFetched(event, true));
  on('backgroundfetchfail', (event) => storeFetched(event, false));
  on('backgroundfetchabort', (event) => tellPages(event.registration.id, 'cancelled'));
  // A tap on the browser's download notification opens what was downloaded.
  on('backgroundfetchclick', () => self.clients.openWindow(DOWNLOADED_VIEW));
}
