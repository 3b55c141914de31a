import {
  BACKGROUND_DOWNLOAD_FINISHED,
  type BackgroundDownloadFinished,
  type BackgroundOutcome,
  backgroundDownloadId,
  downloadUrl,
} from './background-download-id';
import { type BackgroundDownloads, isQuotaError } from './download-manager';

// The Background Fetch API (WICG), which TypeScript's DOM types do not have yet: the members used here.
type BackgroundFetchRecord = { responseReady: Promise<Response> };
type BackgroundFetchRegistration = EventTarget & {
  downloaded: number;
  result: '' | 'success' | 'failure';
  matchAll(): Promise<BackgroundFetchRecord[]>;
  abort(): Promise<boolean>;
};
type BackgroundFetchManager = {
  fetch(id: string, requests: string[], options: { title: string; icons: { src: string; sizes: string; type: string }[] }): Promise<BackgroundFetchRegistration>;
  get(id: string): Promise<BackgroundFetchRegistration | undefined>;
};

const ICONS = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];
/** A fetch found already ended: the worker is storing it and says so in a moment; if its word went by, the app checks for itself. */
const ENDED_WAIT_MS = 10_000;

/** The worker's word on one background fetch; stop() when no longer waiting. */
function finishedMessage(id: string) {
  const worker = navigator.serviceWorker;
  let stop = () => undefined as void;
  const outcome = new Promise<BackgroundOutcome>((resolve) => {
    const listener = (event: MessageEvent) => {
      const data = event.data as Partial<BackgroundDownloadFinished> | null;
      if (data?.type === BACKGROUND_DOWNLOAD_FINISHED && data.id === id && data.outcome) resolve(data.outcome);
    };
    worker.addEventListener('message', listener);
    stop = () => worker.removeEventListener('message', listener);
  });
  worker.startMessages();
  return { outcome, stop };
}

const backgroundFetchOf = (registration: ServiceWorkerRegistration) =>
  (registration as ServiceWorkerRegistration & { backgroundFetch?: BackgroundFetchManager }).backgroundFetch ?? null;

/** The Background Fetch manager of the app's service worker, once it is active; null without one. */
async function fetchManager(): Promise<BackgroundFetchManager | null> {
  if (!navigator.serviceWorker || !('BackgroundFetchManager' in globalThis)) return null;
  // Registered after the first screen loads: not there yet means the app downloads by itself.
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return backgroundFetchOf(await navigator.serviceWorker.ready);
}

/** Background downloads where the browser has Background Fetch (download-manager.ts says how they are used). */
export function browserBackgroundDownloads(userId: number): BackgroundDownloads | undefined {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || !('BackgroundFetchManager' in globalThis)) return undefined;
  return {
    async run({ key, title, songIds, quality }, progress) {
      const manager = await fetchManager();
      if (!manager) return 'unavailable';
      const id = backgroundDownloadId(userId, key);
      const finished = finishedMessage(id);
      try {
        let registration = await manager.get(id);
        registration ??= await manager.fetch(
          id,
          songIds.map((songId) => downloadUrl(songId, quality)),
          { title, icons: ICONS },
        );
        const current = registration;
        current.addEventListener('progress', () => progress.bytes(current.downloaded));
        for (const record of await current.matchAll()) record.responseReady.then(progress.songFetched, () => undefined);
        if (current.result === '') return await finished.outcome;
        return await Promise.race([finished.outcome, new Promise<BackgroundOutcome>((resolve) => setTimeout(resolve, ENDED_WAIT_MS, 'failed'))]);
      } catch (error) {
        // Not enough room for it is the listener's to know; any other refusal, the app fetches the songs itself.
        if (isQuotaError(error)) throw error;
        return 'unavailable';
      } finally {
        finished.stop();
      }
    },
    async cancel(key) {
      // No waiting for a worker still installing: it has started no fetch to stop.
      const registration = await navigator.serviceWorker.getRegistration();
      const manager = registration?.active ? backgroundFetchOf(registration) : null;
      await (await manager?.get(backgroundDownloadId(userId, key)))?.abort();
    },
  };
}
