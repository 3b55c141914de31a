import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { DeferredLargePlayer } from '../../player/deferred-large-player';
import { PlayerProvider } from '../../player/player-context';
import { OfflineBanner } from '../../offline/offline-banner';
import { startServiceWorkerAfterLoad } from '../../pwa/start-service-worker';
import { UpdatePrompt } from '../../pwa/update-prompt';
import { WIDE_MEDIA_QUERY } from '../../ui/breakpoints';
import { MAIN_CONTENT_ID, SkipLink } from '../../ui/skip-link';
import { useMediaQuery } from '../../ui/use-media-query';
import { EmailConfirmationBanner } from '../account-email/email-confirmation-banner';
import { useAuth } from '../auth/use-auth';
import { BillingHost } from '../subscription/billing-host';
import { AppHeader } from './app-header';
import { MobileBar } from './mobile-bar';
import { PageLoading } from './page-loading';
import { Sidebar } from './sidebar';

// The footer player is a wide screen's: a phone never downloads it or its sliders.
const PlayerBar = lazy(() => import('../../player/player-bar').then((m) => ({ default: m.PlayerBar })));

/** The signed-in frame: sidebar, header, the page, and the player that renders only when signed in. */
export function AppShell() {
  const { user } = useAuth();
  const isWide = useMediaQuery(WIDE_MEDIA_QUERY);
  // Listeners only: the offline app is theirs, and a signed-out visitor pays no data for its precache.
  useEffect(startServiceWorkerAfterLoad, []);
  if (!user) return null;

  return (
    <PlayerProvider>
      <SkipLink />
      <div className="flex h-dvh flex-col overflow-hidden bg-canvas">
        <div className="flex min-h-0 flex-1">
          {/* Only rendered where it shows: on a phone its playlist lists would be two requests for nothing. */}
          {isWide && (
            <aside className="w-64 shrink-0 border-r border-line bg-surface">
              <Sidebar />
            </aside>
          )}
          <div className="flex min-w-0 flex-1 flex-col">
            <AppHeader user={user} />
            <EmailConfirmationBanner user={user} />
            {/* Focusable by script only, for the skip link; the outline would frame the whole page. */}
            <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
        {/* In the flow above the player, so neither line ever covers its controls. */}
        <UpdatePrompt />
        <OfflineBanner />
        {/* Each rendered only where it shows: the footer player's sliders measure themselves, a
            forced layout that cost a phone 0.2 s of its first screen while hidden. */}
        {isWide ? (
          // Its space is kept while it loads, so the page above does not jump.
          <Suspense fallback={<div className="h-22 shrink-0 border-t border-line bg-surface" />}>
            <PlayerBar />
          </Suspense>
        ) : (
          <MobileBar />
        )}
        <DeferredLargePlayer />
        <BillingHost />
      </div>
    </PlayerProvider>
  );
}
