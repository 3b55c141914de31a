/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerAppShellRoutes } from './app-shell-routes';
import { registerBackgroundDownloads } from './background-downloads';
import { registerDownloadedAudioRoutes } from './downloaded-audio';
import { activateWhenAsked } from './update-messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The build's hashed scripts and styles, the offline app page, icons and manifest (vite.config.ts
// lists which); /api is neither precached nor answered here, so every API call reaches the server.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Each route module registers its own routes: a new kind of answer (downloaded audio) is one
// import and one call here. Routes match in the order registered, after the precache.
registerAppShellRoutes();
registerDownloadedAudioRoutes();
registerBackgroundDownloads();

activateWhenAsked();
// The first version takes control of the open page at once, so it works offline without a
// reload; later versions only activate when asked (update-messages.ts), and the page reloads.
clientsClaim();
