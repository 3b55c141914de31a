import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { Button } from '../ui/button';
import { usePlayer } from './player-context';
import { SongSummary } from './song-summary';

/** The phone's player row above the bottom bar: previous, play/pause and next. */
export function MiniPlayer() {
  const { currentSong, isPlaying, togglePlay } = usePlayer();
  const hasSong = currentSong !== null;

  return (
    <section aria-label="Mini player" className="flex items-center gap-1 border-b border-line px-2 py-1.5">
      <div className="min-w-0 flex-1 pl-1">
        <SongSummary coverClassName="size-10" />
      </div>
      <Button variant="ghost" size="icon" aria-label="Previous" disabled={!hasSong}>
        <SkipBack aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={isPlaying ? 'Pause' : 'Play'}
        disabled={!hasSong}
        onClick={togglePlay}
        className="text-ink"
      >
        {isPlaying ? <Pause aria-hidden /> : <Play aria-hidden />}
      </Button>
      <Button variant="ghost" size="icon" aria-label="Next" disabled={!hasSong}>
        <SkipForward aria-hidden />
      </Button>
    </section>
  );
}
