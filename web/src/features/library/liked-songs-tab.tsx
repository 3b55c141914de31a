import type { Song } from '@kora/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Heart, Search } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { PlaybackContext } from '../../player/player-types';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatQuantity } from '../../ui/format';
import { LoadError } from '../../ui/load-error';
import { CardListSkeleton, MusicGrid } from '../../ui/music-grid';
import { Section } from '../../ui/section';
import { likedSongsCountQuery, likedSongsQuery } from '../likes/api';
import { UnlikeSongButton } from '../likes/unlike-song-button';
import { LikedSongsActions } from './liked-songs-actions';
import { LoadMoreButton } from '../../ui/load-more-button';
import { failedAsWhole } from '../../ui/query-errors';

// Defined once, so the memoised cards keep skipping renders while the player ticks.
const renderUnlikeButton = (song: Song) => <UnlikeSongButton song={song} />;

/** The liked songs, newest like first, 6 per row on wide screens (spec section 9), a page at a time. */
export function LikedSongsTab() {
  const liked = useInfiniteQuery(likedSongsQuery);
  const songs = useMemo(() => liked.data?.pages.flat() ?? [], [liked.data]);
  const context = useMemo<PlaybackContext>(() => ({ type: 'library', id: 'liked', songs }), [songs]);

  return (
    <Section title={<LikedSongsHeading />}>
      <LikedSongsActions songs={songs} context={context} />
      {liked.isPending ? (
        <CardListSkeleton count={12} maxColumns={6} label="Loading liked songs" />
      ) : failedAsWhole(liked) ? (
        <LoadError title="Could not load your liked songs" error={liked.error} onRetry={() => void liked.refetch()} />
      ) : songs.length === 0 ? (
        <EmptyState
          icon={Heart}
          title="No liked songs yet"
          description="Tap the heart beside a playing song and it will be kept here, ready to play again."
        >
          <Button asChild>
            <Link to="/search">
              <Search aria-hidden />
              Find music to love
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <>
          <MusicGrid songs={songs} context={context} maxColumns={6} renderCoverAction={renderUnlikeButton} />
          <LoadMoreButton label="Show more liked songs" pages={liked} failedText="Could not load more liked songs." />
        </>
      )}
    </Section>
  );
}

function LikedSongsHeading() {
  const { data } = useQuery(likedSongsCountQuery);
  return (
    <>
      Liked Songs
      {data && (
        <>
          {' '}
          <span className="ml-1 text-base font-medium text-ink-subtle">{formatQuantity(data.count, 'song')}</span>
        </>
      )}
    </>
  );
}
