import { HOME_QUICK_PICKS, HOME_TRENDING_LIMIT, type Home } from '@kora/contracts';
import { type Query, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { useEffect, useMemo, useRef } from 'react';
import { CardListSkeleton } from '../../ui/music-grid';
import { PageTitle } from '../../ui/page-title';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { AddMusicCard } from './add-music-card';
import { homeQuery, recentlyPlayedQuery, trendingQuery } from './api';
import { BrowseAll } from './browse-all';
import { GenreTiles } from './genre-tiles';
import { HomeGreeting } from './home-greeting';
import { HomeHero } from './home-hero';
import { PlaylistShelf } from './playlist-shelf';
import { SectionLoadError } from './quiet-line';
import { QuickPicks } from './quick-picks';
import { SongShelf } from './song-shelf';
import { useFirstScreenSettled } from './use-first-screen-settled';

/** When the answer prefetchHome fetched for this page load arrived; cleared once Home has shown it. */
let prefetchedAnswerAt: number | undefined;

/**
 * Home opened with a page load, on the server's Home page (routes.tsx startHome): its answer is
 * asked for at once instead of after the sign-in check and a render.
 */
export function prefetchHome(): Promise<void> {
  return queryClient.prefetchQuery(homeQuery).then(() => {
    prefetchedAnswerAt = queryClient.getQueryState(homeQuery.queryKey)?.dataUpdatedAt;
  });
}

/** Home asks for a fresh answer each time it opens, except for the one its page load has just fetched. */
const refetchOnMount = (query: Query<Home>) => query.state.dataUpdatedAt !== prefetchedAnswerAt;

/**
 * Music first: the quick picks and the hero fill a phone's first screen, then the shelves, then
 * the whole catalogue page by page, and the ways to add music last. Everything comes from one
 * request (GET /api/home); a section with nothing to show is left out.
 */
export function HomePage() {
  const home = useQuery({ ...homeQuery, refetchOnMount });
  // Shown once: the next time Home opens, it asks again.
  useEffect(() => () => void (prefetchedAnswerAt = undefined), []);

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-4 sm:px-6 md:gap-10 md:py-6">
      <PageTitle title="Home" />
      <HomeGreeting />
      {home.data ? (
        <HomeSections home={home.data} />
      ) : home.isError ? (
        <SectionLoadError what="your music" onRetry={() => void home.refetch()} />
      ) : (
        <HomeSkeleton />
      )}
    </div>
  );
}

function HomeSections({ home }: { home: Home }) {
  // The lists plays change: their own keys (seeded by the home answer) refresh them in place.
  const recentlyPlayed = useQuery({ ...recentlyPlayedQuery, initialData: home.recentlyPlayed }).data;
  const trendingList = useQuery({ ...trendingQuery, initialData: home.trending }).data;
  const recent = useMemo(() => recentlyPlayed.slice(0, HOME_QUICK_PICKS), [recentlyPlayed]);
  const trending = useMemo(() => trendingList.slice(0, HOME_TRENDING_LIMIT), [trendingList]);
  const firstScreen = useRef<HTMLDivElement>(null);
  const showsTheRest = useFirstScreenSettled(firstScreen);

  return (
    <>
      <div ref={firstScreen} className="contents">
        <QuickPicks recentlyPlayed={recent} starterPicks={home.starterPicks} />
        {home.hero && <HomeHero hero={home.hero} />}
      </div>
      {showsTheRest && <TheRest home={home} trending={trending} />}
    </>
  );
}

/** Below the first screen: rendered once its covers are in (useFirstScreenSettled). */
function TheRest({ home, trending }: { home: Home; trending: Home['trending'] }) {
  return (
    <>
      <SongShelf title="Trending now" contextId="trending" songs={trending} layout="shelf" maxColumns={5} maxRows={2} />
      <PlaylistShelf title="Made for you" playlists={home.editorialPlaylists} maxColumns={5} />
      <PlaylistShelf title="Your playlists" playlists={home.ownPlaylists} />
      <GenreTiles title="Genres" />
      <BrowseAll firstPage={home.browse} />
      <AddMusicCard />
    </>
  );
}

function HomeSkeleton() {
  return (
    <div className="grid gap-6 md:gap-10">
      <LoadingRegion label="Loading your music" className="grid grid-cols-2 gap-2 lg:grid-cols-3 lg:gap-3">
        {Array.from({ length: HOME_QUICK_PICKS }, (_, index) => (
          <Skeleton key={index} className="h-14 lg:h-16" />
        ))}
      </LoadingRegion>
      <Skeleton className="h-34 sm:h-52" />
      <CardListSkeleton count={5} maxColumns={5} layout="shelf" label="Loading trending now" />
    </div>
  );
}
