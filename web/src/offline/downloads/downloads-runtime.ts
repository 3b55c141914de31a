import { verifyOfflineLicence } from '@kora/contracts';
import { readLocalSettings } from '../../features/settings/local-settings';
import { getLocalStorage } from '../../player/browser-storage';
import { isNetworkFailure } from '../kept-user';
import { openOfflineDb } from '../offline-db';
import { browserAudioCache } from './audio-cache';
import { browserBackgroundDownloads } from './browser-background-downloads';
import { createDownloadManager } from './download-manager';
import { downloadStore } from './download-store';
import { fetchRendition } from './fetch-rendition';
import { prepareDownload, renewLicence } from './prepare-download';

/**
 * The downloads' working parts for one listener (IndexedDB, Cache Storage, the manager), in a
 * chunk of their own: downloads-context.tsx loads it after the first screen, or at once offline.
 */
export function createDownloadsRuntime(userId: number) {
  const store = downloadStore(openOfflineDb(), userId);
  const manager = createDownloadManager({
    store,
    cache: browserAudioCache(),
    fetchRendition,
    quality: () => readLocalSettings(getLocalStorage()).downloadQuality,
    prepare: () => prepareDownload(store, userId, readLocalSettings(getLocalStorage()).wifiOnlyDownloads),
    background: browserBackgroundDownloads(userId),
  });

  /**
   * Carries on with downloads a reload cut short; then whether the licence has lapsed: offline,
   * by its own expiry; online, by asking the server to renew it. A refusal (no longer Premium)
   * removes the licence, so the service worker stops playing downloads. Resolves to whether it lapsed.
   */
  async function catchUp(): Promise<boolean> {
    await manager.start();
    if (manager.getState().songs.size === 0) return false;
    const stored = await store.licence();
    const check = stored ? await verifyOfflineLicence(stored.licence, stored.publicKey, new Date()) : null;
    if (!navigator.onLine) return check?.ok !== true;
    try {
      await renewLicence(store, userId);
      return false;
    } catch (error) {
      // Only a refusal ends the licence; no answer at all leaves it to run its course.
      if (isNetworkFailure(error)) return check?.ok !== true;
      await store.deleteLicence();
      return true;
    } finally {
      // The service worker trusts a checked licence for a minute: it reads the new one now.
      navigator.serviceWorker?.controller?.postMessage({ type: 'DOWNLOADS_CHANGED' });
    }
  }

  return { manager, catchUp };
}

export type DownloadsRuntime = ReturnType<typeof createDownloadsRuntime>;
