import { CoverImage } from '../ui/cover-image';
import { cn } from '../ui/cn';
import { usePlayer } from './player-context';

/** Cover, title and artist of the current song, or a quiet "nothing playing" line. */
export function SongSummary({ coverClassName }: { coverClassName: string }) {
  const { currentSong } = usePlayer();
  const coverUrl = currentSong ? (currentSong.coverArtUrl ?? currentSong.album?.coverUrl ?? null) : null;

  return (
    <div className="flex min-w-0 items-center gap-3">
      <CoverImage src={coverUrl} size={56} className={cn('rounded-md', coverClassName)} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{currentSong ? currentSong.title : 'No song playing'}</p>
        <p className="truncate text-xs text-ink-subtle">
          {currentSong ? currentSong.artist.name : 'Pick a song to start listening'}
        </p>
      </div>
    </div>
  );
}
