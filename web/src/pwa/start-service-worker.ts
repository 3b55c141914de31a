import { afterLoad } from '../ui/after-load';

let started = false;

/**
 * Registers the service worker a while after the page has loaded, from its own chunk: its
 * precache downloads the app's files, which must not compete with the first screen on a slow
 * link, and workbox-window stays out of the first load. Once per page. Returns a cancel function.
 */
export function startServiceWorkerAfterLoad(): () => void {
  // Only a production build has a worker (vite-plugin-pwa builds it); Vite's dev server has none.
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return () => {};
  return afterLoad(() => {
    if (started) return;
    started = true;
    import('./register-service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      // The app works without it, only not offline: nothing to tell the listener.
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  });
}
