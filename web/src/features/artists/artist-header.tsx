import type { Album, Artist } from '@kora/contracts';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { ArtistAvatar } from '../../ui/artist-avatar';
import { BackButton } from '../../ui/back-button';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { formatQuantity } from '../../ui/format';
import { ARTIST_HEADER_SIZES } from '../../ui/image-sizes';
import { PlayToggleButton } from '../../ui/play-toggle-button';
import { Skeleton } from '../../ui/skeleton';
import { songInvolvesArtist, type ArtistSongCounts } from './artist-songs';
import { useArtistFollow } from './use-artist-follow';

interface ArtistHeaderProps {
  artist: Artist;
  /** Undefined while loading: the counts line waits for them. */
  counts: ArtistSongCounts | undefined;
  albums: Album[] | undefined;
  /** The loaded songs, own first: play starts at the first. */
  context: PlaybackContext;
}

export function ArtistHeader({ artist, counts, albums, context }: ArtistHeaderProps) {
  const { currentSong, isPlaying, playSong, togglePlay } = usePlayer();
  const follow = useArtistFollow(artist);
  const isArtistCurrent = currentSong !== null && songInvolvesArtist(currentSong, artist.id, context.songs);
  const [firstSong] = context.songs;

  function handlePlay() {
    if (isArtistCurrent) togglePlay();
    else if (firstSong) playSong(firstSong, context);
  }

  return (
    <header className="glow-top -mx-4 -mt-6 px-4 pt-6 sm:-mx-6 sm:px-6 md:-mt-8 md:pt-8">
      <BackButton />
      <div className="mt-4 flex flex-col items-center gap-5 text-center sm:flex-row sm:items-end sm:gap-7 sm:text-left">
        <ArtistAvatar
          name={artist.name}
          imageUrl={artist.imageUrl}
          size={208}
          sizes={ARTIST_HEADER_SIZES}
          priority
          className="size-36 text-6xl shadow-2xl shadow-black/60 sm:size-44 lg:size-52"
        />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-gold-300 uppercase">Artist</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance break-words sm:text-4xl lg:text-5xl">
            {artist.name}
          </h1>
          {/* A listener's own profile: told apart from the catalogue's artist (or another listener's) of the same name. */}
          {artist.owner && <p className="mt-1 text-sm text-ink-subtle">Artist profile by {artist.owner.name}</p>}
          {/* No bio, no sentence in its place: nothing is made up about an artist. */}
          {artist.bio?.trim() && <p className="mt-3 max-w-2xl text-sm text-ink-muted sm:text-base">{artist.bio}</p>}
          <ArtistCounts counts={counts} albums={albums} isFollowing={follow.isFollowing} />
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-3 sm:justify-start">
        <PlayToggleButton
          label={artist.name}
          size="lg"
          isActive={isArtistCurrent && isPlaying}
          disabled={!firstSong}
          onClick={handlePlay}
        />
        <Button
          variant={follow.isFollowing ? 'outline' : 'primary'}
          aria-pressed={follow.isFollowing}
          disabled={follow.isPending}
          onClick={follow.toggle}
          className="min-w-28 rounded-full"
        >
          {follow.isFollowing ? 'Following' : 'Follow'}
        </Button>
      </div>
    </header>
  );
}

function ArtistCounts({ counts, albums, isFollowing }: Pick<ArtistHeaderProps, 'counts' | 'albums'> & { isFollowing: boolean }) {
  if (!counts || !albums) return <Skeleton className="mx-auto mt-3 h-4 w-48 sm:mx-0" />;
  const parts = [
    formatQuantity(counts.songCount, 'song'),
    ...(counts.featuredSongCount > 0 ? [formatQuantity(counts.featuredSongCount, 'featured song')] : []),
    formatQuantity(albums.length, 'album'),
  ];
  return (
    <p className="mt-3 flex flex-wrap justify-center gap-x-2 text-sm text-ink-subtle sm:justify-start">
      {parts.map((part, index) => (
        <span key={part} className={cn(index > 0 && "before:mr-2 before:content-['•']")}>
          {part}
        </span>
      ))}
      {isFollowing && <span className="font-semibold text-jade-300 before:mr-2 before:text-ink-subtle before:content-['•']">Following</span>}
    </p>
  );
}

export function ArtistHeaderSkeleton() {
  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-end sm:gap-7">
      <Skeleton className="size-36 rounded-full sm:size-44 lg:size-52" />
      <div className="grid w-full max-w-md justify-items-center gap-3 sm:justify-items-start">
        <Skeleton className="h-3 w-14" />
        <Skeleton className="h-10 w-64 max-w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-40" />
      </div>
    </div>
  );
}
