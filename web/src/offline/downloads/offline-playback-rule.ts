import { verifyOfflineLicence } from '@kora/contracts';
import type { StoredLicence } from '../offline-db';

/**
 * Whether the service worker may answer a stream from a download: the listener signed in on this
 * device kept the song, and holds a licence the server signed for them that has not expired. A
 * licence edited in browser storage fails the signature; one of another listener fails the owner.
 */
export async function mayPlayDownload({
  listener,
  keptBy,
  licence,
  now,
}: {
  listener: number | null;
  /** The listener the kept song belongs to, if this device keeps it. */
  keptBy: number | undefined;
  licence: StoredLicence | undefined;
  now: Date;
}): Promise<boolean> {
  if (listener === null || keptBy !== listener || !licence) return false;
  const check = await verifyOfflineLicence(licence.licence, licence.publicKey, now);
  return check.ok && check.payload.userId === listener;
}
