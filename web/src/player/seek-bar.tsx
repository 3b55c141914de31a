import { useState } from 'react';
import { cn } from '../ui/cn';
import { Slider } from '../ui/slider';
import { formatDuration, formatSeekPosition } from './format-duration';
import { usePlayer } from './player-context';

/** Spec section 2: the seek bar's maximum is the song's duration, 100 when unknown. */
const DEFAULT_SEEK_MAX = 100;

/** Time played, the seek slider and the song's length. A drag shows where it will land and seeks on release. */
export function SeekBar({ className }: { className?: string }) {
  const { currentSong, currentTime, duration, seek } = usePlayer();
  const [dragValue, setDragValue] = useState<number | null>(null);
  const length = duration > 0 ? duration : (currentSong?.duration ?? 0);
  const max = length > 0 ? length : DEFAULT_SEEK_MAX;
  const value = dragValue ?? Math.min(currentTime, max);
  const hasSong = currentSong !== null;

  return (
    <div className={cn('flex w-full items-center gap-2 text-xs text-ink-subtle tabular-nums', className)}>
      <span className="w-10 shrink-0 text-right">{formatDuration(hasSong ? value : null)}</span>
      <Slider
        aria-label="Seek"
        aria-valuetext={hasSong ? formatSeekPosition(value, length) : undefined}
        value={[value]}
        max={max}
        disabled={!hasSong}
        onValueChange={([next]) => setDragValue(next ?? null)}
        onValueCommit={([next]) => {
          if (next !== undefined) seek(next);
          setDragValue(null);
        }}
        className="flex-1"
      />
      <span className="w-10 shrink-0">{formatDuration(hasSong && length > 0 ? length : null)}</span>
    </div>
  );
}
