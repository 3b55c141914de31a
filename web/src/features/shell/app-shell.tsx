import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { DeferredLargePlayer } from '../../player/deferred-large-player';
import { PlayerBar } from '../../player/player-bar';
import { PlayerProvider } from '../../player/player-context';
import { OfflineBanner } from '../../offline/offline-banner';
import { startServiceWorkerAfterLoad } from '../../pwa/start-service-worker';
import { UpdatePrompt } from '../../pwa/update-prompt';
import { MAIN_CONTENT_ID, SkipLink } from '../../ui/skip-link';
import { useMediaQuery } from '../../ui/use-media-query';
import { useAuth } from '../auth/use-auth';
import { AppHeader } from './app-header';
import { MobileBar } from './mobile-bar';
import { PageLoading } from './page-loading';
import { Sidebar } from './sidebar';

/** Tailwind's md breakpoint, where the sidebar replaces the phone's menu drawer and bottom bar. */
const SIDEBAR_MEDIA_QUERY = '(min-width: 48rem)';

/** The signed-in frame: sidebar, header, the page, and the player that renders only when signed in. */
export function AppShell() {
  const { user } = useAuth();
  const hasSidebar = useMediaQuery(SIDEBAR_MEDIA_QUERY);
  // Listeners only: the offline app is theirs, and a signed-out visitor pays no data for its precache.
  useEffect(startServiceWorkerAfterLoad, []);
  if (!user) return null;

  return (
    <PlayerProvider>
      <SkipLink />
      <div className="flex h-dvh flex-col overflow-hidden bg-canvas">
        <div className="flex min-h-0 flex-1">
          {/* Only rendered where it shows: on a phone its playlist lists would be two requests for nothing. */}
          {hasSidebar && (
            <aside className="w-64 shrink-0 border-r border-line bg-surface">
              <Sidebar />
            </aside>
          )}
          <div className="flex min-w-0 flex-1 flex-col">
            <AppHeader user={user} />
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
        <PlayerBar />
        <MobileBar />
        <DeferredLargePlayer />
      </div>
    </PlayerProvider>
  );
}
