import { songCoverUrl } from '@kora/contracts';
import { Link } from 'react-router';
import { songArtistPath } from '../ui/catalogue-links';
import { CoverImage } from '../ui/cover-image';
import { cn } from '../ui/cn';
import { usePlayer } from './player-context';

type SongSummaryProps = {
  coverClassName: string;
  /** Link the artist to their page; off where the whole summary is itself a button. */
  linkArtist?: boolean;
};

/** Cover, title and artist of the current song, or a quiet "nothing playing" line. */
export function SongSummary({ coverClassName, linkArtist = false }: SongSummaryProps) {
  const { currentSong } = usePlayer();
  const coverUrl = currentSong ? songCoverUrl(currentSong) : null;

  return (
    <div className="flex min-w-0 items-center gap-3">
      <CoverImage src={coverUrl} size={56} className={cn('rounded-md', coverClassName)} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{currentSong ? currentSong.title : 'No song playing'}</p>
        {currentSong && linkArtist ? (
          <Link
            to={songArtistPath(currentSong)}
            className="block truncate text-xs text-ink-subtle hover:text-ink hover:underline"
          >
            {currentSong.artist.name}
          </Link>
        ) : (
          <p className="truncate text-xs text-ink-subtle">
            {currentSong ? currentSong.artist.name : 'Pick a song to start listening'}
          </p>
        )}
      </div>
    </div>
  );
}
