import type { Playlist, Song } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { ListMusic, Search } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { PageTitle } from '../../ui/page-title';
import { isNotFoundError } from '../../ui/query-errors';
import { ResourceNotFound } from '../../ui/resource-not-found';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { playlistQuery } from './api';
import { PlaylistHeader, PlaylistHeaderSkeleton } from './playlist-header';
import { MoreSongs } from './more-songs';
import { PlaylistSongTable } from './playlist-song-table';
import { parsePlaylistId } from './playlist-songs';
import { usePlaylistSongs } from './use-playlist-songs';

export function PlaylistPage() {
  const playlistId = parsePlaylistId(useParams().id);
  if (playlistId === null) return <PlaylistNotFound />;
  // Keyed by id: moving from one playlist to another starts its page afresh (reorder mode, loaded pages).
  return <PlaylistLoader key={playlistId} playlistId={playlistId} />;
}

function PlaylistNotFound() {
  return <ResourceNotFound title="Playlist not found" description="The playlist you're looking for doesn't exist." />;
}

function PlaylistLoader({ playlistId }: { playlistId: number }) {
  const playlist = useQuery(playlistQuery(playlistId));

  if (playlist.isPending) return <PlaylistPageSkeleton />;
  if (playlist.isError) {
    if (isNotFoundError(playlist.error)) return <PlaylistNotFound />;
    return (
      <PageFrame>
        <PageTitle title="Playlist" />
        <LoadError
          title="Could not load this playlist"
          error={playlist.error}
          onRetry={() => void playlist.refetch()}
          as="h1"
        />
      </PageFrame>
    );
  }
  return <PlaylistView playlist={playlist.data} />;
}

function PlaylistView({ playlist }: { playlist: Playlist }) {
  const { toggleSongPlayback } = usePlayer();
  const { songs, hasMore, isLoadingMore, loadMoreError, loadMore } = usePlaylistSongs(playlist);
  const [isReordering, setIsReordering] = useState(false);
  // Only the owner changes a playlist, and nobody changes an editorial one (spec section 6).
  const canEdit = playlist.isOwner && !playlist.isEditorial;
  const context = useMemo<PlaybackContext>(() => ({ type: 'playlist', id: playlist.id, songs }), [playlist.id, songs]);

  function handlePlay(song: Song) {
    toggleSongPlayback(song, context);
  }

  return (
    <PageFrame>
      <PageTitle title={playlist.name} />
      <PlaylistHeader
        playlist={playlist}
        songs={songs}
        context={context}
        canEdit={canEdit}
        isReordering={isReordering}
        onToggleReorder={() => setIsReordering((value) => !value)}
      />
      {songs.length === 0 ? (
        <EmptyPlaylist isOwner={canEdit} />
      ) : (
        <section aria-label="Songs" className="grid gap-3">
          {canEdit && isReordering && <ReorderBar onDone={() => setIsReordering(false)} />}
          <PlaylistSongTable
            playlist={playlist}
            songs={songs}
            mode={!canEdit ? 'listen' : isReordering ? 'reorder' : 'edit'}
            onPlay={handlePlay}
          />
          <MoreSongs hasMore={hasMore} isLoading={isLoadingMore} error={loadMoreError} onLoadMore={loadMore} />
        </section>
      )}
    </PageFrame>
  );
}

function ReorderBar({ onDone }: { onDone: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3"
    >
      <p className="text-sm text-ink-muted">Use the arrows on each song to change its place.</p>
      <Button size="sm" variant="secondary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/** Spec: 'This playlist is empty' / 'No songs have been added yet'; the owner also learns how to add some. */
function EmptyPlaylist({ isOwner }: { isOwner: boolean }) {
  return (
    <EmptyState icon={ListMusic} title="This playlist is empty" description="No songs have been added yet" as="h2">
      {isOwner && (
        <div className="grid justify-items-center gap-4">
          <p className="max-w-sm text-sm text-ink-subtle">
            Open the “More options” menu on any song and choose a playlist under “Add to playlist”.
          </p>
          <Button asChild variant="outline">
            <Link to="/search">
              <Search aria-hidden />
              Find songs
            </Link>
          </Button>
        </div>
      )}
    </EmptyState>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid max-w-7xl gap-8 px-4 py-6 sm:px-6 md:py-8">{children}</div>;
}

function PlaylistPageSkeleton() {
  return (
    <PageFrame>
      <PageTitle title="Playlist" />
      <LoadingRegion label="Loading playlist...">
        <div className="flex items-center gap-3">
          <Skeleton className="size-11 rounded-full" />
          <p className="text-sm font-semibold text-ink-muted">Loading playlist...</p>
        </div>
        <div className="mt-4">
          <PlaylistHeaderSkeleton />
        </div>
      </LoadingRegion>
    </PageFrame>
  );
}
