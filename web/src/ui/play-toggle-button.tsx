import { LoaderCircle, Pause, Play } from 'lucide-react';
import type { MouseEvent } from 'react';
import { cn } from './cn';

type PlayToggleSize = 'md' | 'lg';

interface PlayToggleButtonProps {
  /** What plays, for the accessible name: 'Play {label}' or 'Pause {label}'. */
  label: string;
  /** Shows the pause icon: this thing is what the player is playing right now. */
  isActive: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  size?: PlayToggleSize;
  isBusy?: boolean;
  disabled?: boolean;
  className?: string;
}

const sizeClasses: Record<PlayToggleSize, string> = {
  md: 'size-11 [&_svg]:size-5',
  lg: 'size-14 [&_svg]:size-6',
};

/** The round gold play/pause button of cards and page headers. */
export function PlayToggleButton({
  label,
  isActive,
  onClick,
  size = 'md',
  isBusy = false,
  disabled = false,
  className,
}: PlayToggleButtonProps) {
  const Icon = isBusy ? LoaderCircle : isActive ? Pause : Play;
  return (
    <button
      type="button"
      aria-label={`${isActive ? 'Pause' : 'Play'} ${label}`}
      aria-busy={isBusy || undefined}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-gold-400 text-on-gold shadow-lg shadow-black/40 transition',
        'hover:scale-105 hover:bg-gold-300 active:scale-95 disabled:pointer-events-none disabled:opacity-40',
        sizeClasses[size],
        className,
      )}
    >
      <Icon
        aria-hidden
        className={cn(isBusy && 'animate-spin', !isBusy && !isActive && 'translate-x-px')}
        fill={isBusy ? 'none' : 'currentColor'}
      />
    </button>
  );
}
