import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { SongLikeButton } from '../features/likes/song-like-button';
import { Button } from '../ui/button';
import { usePlayer } from './player-context';
import { SongSummary } from './song-summary';

/** The phone's player row above the bottom bar: tap the song for the large player; its heart, previous, play/pause and next. */
export function MiniPlayer() {
  const { currentSong, isPlaying, currentTime, duration, togglePlay, previous, next, setShowLargePlayer } = usePlayer();
  const hasSong = currentSong !== null;
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;

  return (
    // Toasts hang from the top on a phone (ui/toaster.tsx), so it and the tabs under it stay within thumb reach.
    <section
      aria-label="Mini player"
      className="relative flex items-center gap-0.5 border-b border-line px-1.5 py-1.5"
    >
      <div aria-hidden className="absolute inset-x-0 top-0 h-0.5 bg-line">
        <div className="h-full bg-gold-400 transition-[width] duration-1000 ease-linear" style={{ width: `${progress}%` }} />
      </div>
      {hasSong ? (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setShowLargePlayer(true)}
          className="flex min-h-11 min-w-0 flex-1 items-center rounded-control pl-1 text-left"
        >
          <span className="sr-only">Expand: </span>
          <SongSummary coverClassName="size-10" />
        </button>
      ) : (
        <div className="min-w-0 flex-1 pl-1">
          <SongSummary coverClassName="size-10" />
        </div>
      )}
      <SongLikeButton song={currentSong} />
      <Button variant="ghost" size="icon" aria-label="Previous" disabled={!hasSong} onClick={previous}>
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
      <Button variant="ghost" size="icon" aria-label="Next" disabled={!hasSong} onClick={next}>
        <SkipForward aria-hidden />
      </Button>
    </section>
  );
}
