import type { UpdateStore } from './update-store';

/** The part of workbox-window's Workbox this uses, so tests can hand in a fake. */
export interface UpdateSource {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

/**
 * Offers each waiting version to the listener. Pressing "Reload" asks the waiting worker to
 * take over and reloads once it controls the page, so the page and the worker are always the
 * same version; until then the old version keeps running (and playing).
 */
export function watchForUpdates(source: UpdateSource, store: UpdateStore, reload: () => void): void {
  source.addEventListener('waiting', () => {
    store.offerUpdate(() => {
      source.addEventListener('controlling', reload);
      source.messageSkipWaiting();
    });
  });
}
