import { Workbox } from 'workbox-window';
import { updateStore } from './update-store';
import { watchForUpdates } from './watch-for-updates';

/** The service worker built from src/sw/sw.ts; at the root, so it controls every page. */
const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  watchForUpdates(workbox, updateStore, () => window.location.reload());
  workbox.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
  // The browser looks for a new version only on page loads; an app left open for days (a phone
  // brings it back from the background) asks again when it is shown: one revalidated request.
  document.addEventListener('visibilitychange', () => {
    // Offline, the check fails; the next one will do.
    if (document.visibilityState === 'visible') workbox.update().catch(() => {});
  });
}
