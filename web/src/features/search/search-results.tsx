import type { SearchResponse, Song, SongSource } from '@kora/contracts';
import { CloudOff, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { ArtistAvatar } from '../../ui/artist-avatar';
import { artistPath } from '../../ui/catalogue-links';
import { EmptyState } from '../../ui/empty-state';
import { formatCount } from '../../ui/format';
import { ARTIST_GRID_AVATAR_SIZES } from '../../ui/image-sizes';
import { Section } from '../../ui/section';
import { SongList } from '../../ui/song-list';

const SOURCE_LABELS: Record<SongSource, string> = {
  local: 'Your Library',
  deezer: 'Deezer',
  youtube: 'YouTube',
  soundcloud: 'SoundCloud',
};

export function SearchResults({ results }: { results: SearchResponse }) {
  const { currentSong, isPlaying, pickSong, toggleSongPlayback } = usePlayer();
  const librarySongs = results.songs.filter((song) => song.source === 'local');
  const discoverSongs = results.songs.filter((song) => song.source !== 'local');
  // Next and previous move through the results in the order they are shown.
  const context: PlaybackContext = { type: 'search', songs: [...librarySongs, ...discoverSongs] };

  function handlePlay(song: Song) {
    if (currentSong?.id === song.id && isPlaying) toggleSongPlayback(song, context);
    else pickSong(song, context);
  }

  if (results.songs.length === 0 && results.artists.length === 0) {
    return (
      <>
        <EmptyState icon={SearchX} title="No results found" description="Try searching for something else" />
        <UnavailableSources sources={results.unavailableSources} />
      </>
    );
  }

  const sourceCounts = Object.entries(results.sources).filter(([, count]) => count > 0) as Array<[SongSource, number]>;

  return (
    <div className="grid gap-8">
      {sourceCounts.length > 0 && (
        <ul aria-label="Results by source" className="flex flex-wrap gap-2">
          {sourceCounts.map(([source, count]) => (
            <li
              key={source}
              className="flex h-8 items-center gap-2 rounded-full bg-raised px-3 text-xs font-semibold text-ink-muted"
            >
              {SOURCE_LABELS[source]}
              <span className="rounded-full bg-overlay px-1.5 py-px text-gold-300 tabular-nums">{formatCount(count)}</span>
            </li>
          ))}
        </ul>
      )}
      <UnavailableSources sources={results.unavailableSources} />

      {results.artists.length > 0 && (
        <Section title="Artists">
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6">
            {results.artists.map((artist) => (
              <li key={artist.id} className="min-w-0">
                <Link
                  to={artistPath(artist.id)}
                  className="flex flex-col items-center gap-2 rounded-card p-2 text-center transition-colors hover:bg-raised"
                >
                  <ArtistAvatar
                    name={artist.name}
                    imageUrl={artist.imageUrl}
                    size={112}
                    sizes={ARTIST_GRID_AVATAR_SIZES}
                    className="w-full max-w-28 text-3xl"
                  />
                  <span className="line-clamp-2 w-full text-sm font-semibold break-words">{artist.name}</span>
                  <span className="-mt-1.5 text-xs text-ink-subtle">Artist</span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {librarySongs.length > 0 && (
        <Section title="Your Library">
          <SongList songs={librarySongs} onPlay={handlePlay} linkArtists label="Songs in your library" />
        </Section>
      )}

      {discoverSongs.length > 0 && (
        <Section title="Discover Music">
          <SongList
            songs={discoverSongs}
            onPlay={handlePlay}
            linkArtists
            startAt={librarySongs.length + 1}
            label="Songs from other catalogues"
          />
        </Section>
      )}
    </div>
  );
}

/** Honest about gaps: a catalogue that did not answer means its songs are missing, not absent. */
function UnavailableSources({ sources }: { sources: SongSource[] }) {
  if (sources.length === 0) return null;
  const names = sources.map((source) => SOURCE_LABELS[source]).join(', ');
  return (
    <p className="flex items-center gap-2 text-sm text-ink-subtle">
      <CloudOff aria-hidden className="size-4 shrink-0" />
      {names} could not be reached, so {sources.length === 1 ? 'its' : 'their'} songs are missing from these results.
    </p>
  );
}
