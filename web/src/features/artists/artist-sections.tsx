import { ARTIST_POPULAR_LIMIT, type Album, type Artist, type Song } from '@kora/contracts';
import { ChevronRight, Music } from 'lucide-react';
import { Link } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { artistPath } from '../../ui/catalogue-links';
import { EmptyState } from '../../ui/empty-state';
import { LoadMoreButton, type MorePages } from '../../ui/load-more-button';
import { MusicGrid } from '../../ui/music-grid';
import { Section } from '../../ui/section';
import { SongList } from '../../ui/song-list';
import { ArtistAlbums } from './artist-albums';
import { isExternalArtist, splitArtistSongs, type ArtistSongCounts } from './artist-songs';

interface ArtistSectionsProps {
  artist: Artist;
  counts: ArtistSongCounts;
  /** Appears On's first songs. */
  appearsOn: Song[];
  albums: Album[];
  /** The loaded pages of songs, own first: what the Songs grid shows and playback follows. */
  context: PlaybackContext;
  /** The pages of songs still to come. */
  more: MorePages;
}

const showAllClasses =
  'inline-flex h-11 shrink-0 items-center gap-1 rounded-control px-3 text-sm font-semibold text-ink-muted transition-colors hover:bg-overlay hover:text-ink md:h-9';

/** Popular, Appears On, Albums and the Songs grid, as spec section 2 lays out the artist page. */
export function ArtistSections({ artist, counts, appearsOn, albums, context, more }: ArtistSectionsProps) {
  const { toggleSongPlayback } = usePlayer();
  const popular = splitArtistSongs(context.songs).original.slice(0, ARTIST_POPULAR_LIMIT);
  const songTotal = counts.songCount + counts.featuredSongCount;
  // Kora has no play counts for a catalogue's previews: their rows show the length instead.
  const showDuration = isExternalArtist(artist);

  if (songTotal === 0 && albums.length === 0) {
    return <EmptyState icon={Music} title="No music yet" description={`${artist.name} has not released anything yet.`} />;
  }

  function handlePlay(song: Song) {
    toggleSongPlayback(song, context);
  }

  return (
    <div className="grid gap-10">
      {songTotal === 0 && <EmptyState icon={Music} title="No songs yet" className="py-6" />}

      {popular.length > 0 && (
        <Section
          title="Popular"
          action={
            counts.songCount > ARTIST_POPULAR_LIMIT && (
              <Link to={`${artistPath(artist.id)}/discography`} className={showAllClasses}>
                Show all
                <ChevronRight aria-hidden className="size-4" />
              </Link>
            )
          }
        >
          <SongList songs={popular} onPlay={handlePlay} showDuration={showDuration} label={`Popular songs by ${artist.name}`} />
        </Section>
      )}

      {appearsOn.length > 0 && (
        <Section
          title={
            <>
              Appears On <span className="font-semibold text-ink-subtle">(featuring {artist.name})</span>
            </>
          }
        >
          <SongList songs={appearsOn} onPlay={handlePlay} showDuration={showDuration} label={`Songs featuring ${artist.name}`} />
        </Section>
      )}

      {albums.length > 0 && <ArtistAlbums albums={albums} />}

      {songTotal > ARTIST_POPULAR_LIMIT && (
        <Section title="Songs">
          <MusicGrid songs={context.songs} context={context} maxColumns={6} />
          <LoadMoreButton label="Show more songs" pages={more} failedText="Could not load more songs." />
        </Section>
      )}
    </div>
  );
}
