/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

/**
 * The page the service worker answers a navigation with when there is no network: the build's
 * generic app page (the same as app.html without its modulepreload hints, which buy nothing
 * when every chunk is precached). It holds nobody's data: the app asks the API who is signed
 * in, and with no network uses the listener kept on this device (web/src/offline/kept-user.ts).
 */
export const OFFLINE_APP_PAGE = 'index.html';

/**
 * Navigations go to the network first, always: the server picks the page variant by session
 * (landing, sign-in, app, Home with this listener's cover preloads), and none of those answers
 * is stored, so nothing of one account is ever shown to another. Only when the network fails
 * does the precached app page answer, so a listener who reloads offline gets the app.
 */
export function registerAppShellRoutes(): void {
  const offlineFallback = { handlerDidError: () => matchPrecache(OFFLINE_APP_PAGE) };
  registerRoute(
    new NavigationRoute(new NetworkOnly({ plugins: [offlineFallback] }), {
      // An /api link opened as a page (the sign-out fallback) must reach the server or fail as usual.
      denylist: [/^\/api(\/|$)/],
    }),
  );
}
