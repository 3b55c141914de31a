import type { Song } from '@kora/contracts';
import { ArrowDownToLine, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatQuantity } from '../../ui/format';
import { Section } from '../../ui/section';
import { SongList, SongListSkeleton } from '../../ui/song-list';
import { formatFileSize } from '../../features/upload/audio-file';
import { collectionProgress, keptBytes } from './download-manager';
import { downloadsSupported, useDownloads } from './downloads-context';
import { matchesDownloadSearch } from './downloaded-search';

/**
 * The Library's Downloaded view (issue 15): what this device keeps, read from its own index, so it
 * lists, searches and plays with no network at all.
 */
export function DownloadedTab() {
  const downloads = useDownloads();
  const { toggleSongPlayback } = usePlayer();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const songs = useMemo(
    () =>
      [...(downloads?.songs.values() ?? [])]
        .sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt))
        .map((kept) => kept.song)
        .filter((song) => matchesDownloadSearch(song, query)),
    [downloads?.songs, query],
  );
  const collections = [...(downloads?.collections.values() ?? [])].filter(
    (collection) => !collection.key.startsWith('song:') && matchesDownloadSearch({ title: collection.title }, query),
  );
  const context = useMemo<PlaybackContext>(() => ({ type: 'library', id: 'downloaded', songs }), [songs]);

  if (!downloads) {
    return downloadsSupported() ? (
      <SongListSkeleton rows={4} label="Loading your downloads" />
    ) : (
      <p className="text-sm text-ink-muted">This browser cannot keep music for offline listening.</p>
    );
  }
  if (downloads.songs.size === 0 && downloads.collections.size === 0) {
    return (
      <EmptyState
        icon={ArrowDownToLine}
        title="Nothing downloaded yet"
        description="With Premium, download a playlist, an album or your liked songs from their page, and they play here with no network."
      />
    );
  }

  return (
    <div className="grid gap-6">
      {downloads.licenceLapsed && (
        <p role="alert" className="rounded-card border border-coral-500/40 bg-coral-500/10 p-3 text-sm">
          Renew Premium to keep listening offline. Your downloads stay until you remove them.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={searchId} className="sr-only">
          Search downloads
        </label>
        <div className="relative min-w-0 flex-1 sm:max-w-sm">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search downloads"
            className="h-11 w-full rounded-control border border-line bg-raised pr-3 pl-9 text-sm"
          />
        </div>
        <p className="text-sm text-ink-muted">
          {formatQuantity(downloads.songs.size, 'song')} · {formatFileSize(keptBytes(downloads.songs))}
        </p>
      </div>
      {collections.length > 0 && (
        <Section title="Collections">
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {collections.map((collection) => {
              const { kept, keepable } = collectionProgress(collection, downloads.songs);
              return (
                <li key={collection.key} className="flex items-center justify-between gap-3 rounded-card bg-raised/80 p-3">
                  <span className="min-w-0">
                    <span className="line-clamp-2 font-semibold break-words">{collection.title}</span>
                    <span className="text-xs text-ink-subtle">
                      {kept} of {formatQuantity(keepable, 'song')} downloaded
                    </span>
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => void downloads.remove(collection.key)} aria-label={`Remove download of ${collection.title}`}>
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        </Section>
      )}
      <Section title="Songs">
        {songs.length === 0 ? (
          <p className="text-sm text-ink-muted">No downloaded song matches “{query}”.</p>
        ) : (
          <SongList songs={songs} onPlay={(song: Song) => toggleSongPlayback(song, context)} showPlays={false} label="Downloaded songs" />
        )}
      </Section>
    </div>
  );
}
