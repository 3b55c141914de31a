import { Pause, Play, Repeat, Repeat1, Shuffle, SkipBack, SkipForward } from 'lucide-react';
import { cn } from '../ui/cn';
import { IconButton } from '../ui/icon-button';
import { usePlayer } from './player-context';
import type { RepeatMode } from './player-types';

const REPEAT_LABELS: Record<RepeatMode, string> = { off: 'Repeat off', all: 'Repeat all', one: 'Repeat one' };

type TransportSize = 'compact' | 'large';

const SIDE_BUTTON: Record<TransportSize, string> = {
  compact: 'md:size-9',
  large: 'size-12 md:size-12 [&_svg]:size-6',
};
const MAIN_BUTTON: Record<TransportSize, string> = {
  compact: 'md:size-10',
  large: 'size-16 md:size-16 [&_svg]:size-7',
};

/** Shuffle, previous, play/pause, next and repeat; a toggle that is on shows in gold. */
export function TransportControls({ size }: { size: TransportSize }) {
  const { currentSong, isPlaying, shuffle, repeat, togglePlay, previous, next, toggleShuffle, cycleRepeat } = usePlayer();
  const disabled = currentSong === null;
  // Important: the ghost variant's own text colours would otherwise win on CSS order.
  const toggleClass = (isOn: boolean) => cn(SIDE_BUTTON[size], isOn && 'text-gold-400! hover:text-gold-300!');

  return (
    <div className={cn('flex items-center', size === 'large' ? 'justify-between gap-2' : 'gap-2')}>
      <IconButton label="Shuffle" aria-pressed={shuffle} disabled={disabled} onClick={toggleShuffle} className={toggleClass(shuffle)}>
        <Shuffle aria-hidden />
      </IconButton>
      <IconButton label="Previous" disabled={disabled} onClick={previous} className={SIDE_BUTTON[size]}>
        <SkipBack aria-hidden />
      </IconButton>
      <IconButton
        label={isPlaying ? 'Pause' : 'Play'}
        variant="primary"
        disabled={disabled}
        onClick={togglePlay}
        className={MAIN_BUTTON[size]}
      >
        {isPlaying ? <Pause aria-hidden /> : <Play aria-hidden className="translate-x-px" />}
      </IconButton>
      <IconButton label="Next" disabled={disabled} onClick={next} className={SIDE_BUTTON[size]}>
        <SkipForward aria-hidden />
      </IconButton>
      <IconButton
        label={REPEAT_LABELS[repeat]}
        aria-pressed={repeat !== 'off'}
        disabled={disabled}
        onClick={cycleRepeat}
        className={toggleClass(repeat !== 'off')}
      >
        {repeat === 'one' ? <Repeat1 aria-hidden /> : <Repeat aria-hidden />}
      </IconButton>
    </div>
  );
}
