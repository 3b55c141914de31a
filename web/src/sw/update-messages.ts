/// <reference lib="webworker" />

declare const self: ServiceWorkerGlobalScope;

/**
 * A new version waits until the listener presses "Reload" (web/src/pwa/): the page then asks it
 * to take over. It never activates by itself, so a song playing in an open tab is never cut.
 * The message is the one workbox-window's messageSkipWaiting() sends.
 */
export function activateWhenAsked(): void {
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  });
}
