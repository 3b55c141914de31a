import type { Song } from '@kora/contracts';
import { Heart } from 'lucide-react';
import { cn } from '../../ui/cn';
import { isLikeable, useUnlikeSong } from './api';

/**
 * The filled heart on a liked song's card: it always sends unlike (spec section 7), and the
 * card leaves the grid once the liked songs refresh.
 */
export function UnlikeSongButton({ song, className }: { song: Song; className?: string }) {
  const unlike = useUnlikeSong();
  if (!isLikeable(song)) return null;

  return (
    <button
      type="button"
      aria-label={`Unlike ${song.title}`}
      disabled={unlike.isPending}
      onClick={() => unlike.mutate(song)}
      className={cn(
        'grid size-11 place-items-center rounded-full bg-canvas/80 text-gold-400 shadow-md shadow-black/40 backdrop-blur-sm transition',
        'hover:scale-105 hover:text-gold-300 active:scale-95 disabled:pointer-events-none disabled:opacity-50',
        className,
      )}
    >
      <Heart aria-hidden className="size-5" fill="currentColor" />
    </button>
  );
}
