import { Heart, Pause, Play, Repeat, Shuffle, SkipBack, SkipForward, Volume2 } from 'lucide-react';
import { Button } from '../ui/button';
import { IconButton } from '../ui/icon-button';
import { Slider } from '../ui/slider';
import { formatDuration } from './format-duration';
import { usePlayer } from './player-context';
import { SongSummary } from './song-summary';

/** Spec: the seek bar's maximum is the song's duration, 100 when unknown. */
const DEFAULT_SEEK_MAX = 100;

/** The desktop footer player. Every control waits for a song. */
export function PlayerBar() {
  const { currentSong, isPlaying, volume, togglePlay, setVolume } = usePlayer();
  const hasSong = currentSong !== null;

  return (
    <section
      aria-label="Player"
      className="hidden h-22 shrink-0 grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-4 border-t border-line bg-surface px-4 md:grid"
    >
      <div className="flex min-w-0 items-center gap-2">
        <SongSummary coverClassName="size-14" />
        <IconButton label="Like" disabled={!hasSong} className="md:size-9">
          <Heart aria-hidden />
        </IconButton>
      </div>

      <div className="flex flex-col items-center gap-1">
        <div className="flex items-center gap-2">
          <IconButton label="Shuffle" disabled={!hasSong} className="md:size-9">
            <Shuffle aria-hidden />
          </IconButton>
          <IconButton label="Previous" disabled={!hasSong} className="md:size-9">
            <SkipBack aria-hidden />
          </IconButton>
          <Button
            size="icon"
            variant="secondary"
            aria-label={isPlaying ? 'Pause' : 'Play'}
            disabled={!hasSong}
            onClick={togglePlay}
            className="bg-ink text-canvas hover:bg-gold-300"
          >
            {isPlaying ? <Pause aria-hidden /> : <Play aria-hidden className="translate-x-px" />}
          </Button>
          <IconButton label="Next" disabled={!hasSong} className="md:size-9">
            <SkipForward aria-hidden />
          </IconButton>
          <IconButton label="Repeat" disabled={!hasSong} className="md:size-9">
            <Repeat aria-hidden />
          </IconButton>
        </div>
        <div className="flex w-full max-w-xl items-center gap-2 text-xs text-ink-subtle tabular-nums">
          <span className="w-10 text-right">{formatDuration(hasSong ? 0 : null)}</span>
          <Slider
            aria-label="Seek"
            value={[0]}
            max={currentSong?.duration ?? DEFAULT_SEEK_MAX}
            disabled={!hasSong}
            className="flex-1"
          />
          <span className="w-10">{formatDuration(currentSong?.duration)}</span>
        </div>
      </div>

      <div className="flex items-center justify-end gap-2">
        <Volume2 aria-hidden className="size-5 text-ink-muted" />
        <Slider
          aria-label="Volume"
          value={[volume]}
          max={100}
          disabled={!hasSong}
          onValueChange={([value]) => setVolume(value ?? volume)}
          className="w-32"
        />
      </div>
    </section>
  );
}
