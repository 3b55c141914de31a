/**
 * Who is signed in on this device, where the service worker can read it: it serves a downloaded
 * song only to the listener who kept it (another account on the same browser gets the network and
 * the plan's rules). Kept in Cache Storage, which the page and the worker share with no library,
 * so writing it costs the first screen nothing.
 */
const DEVICE_CACHE = 'kora-device-v1';
const LISTENER_KEY = '/kora/listener';

const cacheStorage = () => (typeof caches === 'undefined' ? null : caches);

export async function writeDeviceListener(userId: number | null): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  // A visitor who never signed in here gets no cache made for nobody.
  if (userId === null) {
    if (await storage.has(DEVICE_CACHE)) await (await storage.open(DEVICE_CACHE)).delete(LISTENER_KEY);
    return;
  }
  await (await storage.open(DEVICE_CACHE)).put(LISTENER_KEY, new Response(String(userId)));
}

export async function readDeviceListener(): Promise<number | null> {
  const answer = await (await cacheStorage()?.open(DEVICE_CACHE))?.match(LISTENER_KEY);
  const userId = Number(await answer?.text());
  return Number.isInteger(userId) && userId > 0 ? userId : null;
}
