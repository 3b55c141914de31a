import type { OfflineLicencePublicKey, OfflineLicenceResponse } from '@kora/contracts';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest, fetchJson } from '../../api/query-client';
import type { DownloadStore } from './download-store';

export const WIFI_ONLY_MESSAGE = 'Downloads are set to Wi-Fi only, and this device is on mobile data. Connect to Wi-Fi, or turn off "Wi-Fi only downloads" in Settings.';

type NetworkInformation = { type?: string };

/**
 * What the browser says about the connection: 'wifi' or 'other' where it tells (Chrome on Android,
 * through the Network Information API), 'unknown' where it does not (desktop browsers, Safari, Firefox).
 */
export function connectionKind(): 'wifi' | 'other' | 'unknown' {
  const type = (navigator as Navigator & { connection?: NetworkInformation }).connection?.type;
  if (type === undefined || type === 'unknown') return 'unknown';
  return type === 'wifi' || type === 'ethernet' ? 'wifi' : 'other';
}

/**
 * Before a download: the Wi-Fi rule where the browser can tell, then a fresh offline licence
 * (POST /api/offline/licence, Premium only: a free listener gets the server's refusal) kept with
 * the key that verifies it, then persistent storage, so the browser does not clear downloads to
 * make room.
 */
export async function prepareDownload(store: DownloadStore, userId: number, wifiOnly: boolean): Promise<void> {
  if (wifiOnly && connectionKind() === 'other') throw new Error(WIFI_ONLY_MESSAGE);
  try {
    await renewLicence(store, userId);
  } catch (error) {
    // The listener is told the server's reason (not Premium), or that there is no network.
    throw new Error(getErrorMessage(error), { cause: error });
  }
  await navigator.storage?.persist?.().catch(() => false);
}

/** Asks the server for a licence and keeps it; throws as apiRequest does when it refuses (not Premium). */
export async function renewLicence(store: DownloadStore, userId: number): Promise<void> {
  const res = await apiRequest('POST', '/api/offline/licence');
  // Typed, not parsed with zod (heavy, and this loads with the player); the service worker checks
  // the licence against the key before it trusts either.
  const { licence, expiresAt } = (await res.json()) as OfflineLicenceResponse;
  const publicKey = await fetchJson<OfflineLicencePublicKey>('/api/offline/licence-key');
  await store.putLicence({ userId, licence, expiresAt, publicKey });
}
