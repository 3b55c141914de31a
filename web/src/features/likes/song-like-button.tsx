import type { Song } from '@kora/contracts';
import { Heart } from 'lucide-react';
import { cn } from '../../ui/cn';
import { IconButton } from '../../ui/icon-button';
import { useSongLike } from './api';

interface SongLikeButtonProps {
  /** The song the heart belongs to; without one the button waits, disabled. */
  song: Song | null;
  className?: string;
}

/**
 * The heart of one song (spec section 4): filled when liked, disabled while a change is on its
 * way. A song from another catalogue cannot be liked: pressing says so and sends nothing.
 */
export function SongLikeButton({ song, className }: SongLikeButtonProps) {
  const { isLiked, isPending, toggle } = useSongLike(song);
  const label = song ? `${isLiked ? 'Unlike' : 'Like'} ${song.title}` : 'Like';

  return (
    <IconButton
      label={label}
      aria-pressed={isLiked}
      disabled={song === null || isPending}
      onClick={toggle}
      // Important: the ghost variant's own text colours would otherwise win on CSS order.
      className={cn(isLiked && 'text-gold-400! hover:text-gold-300!', className)}
    >
      <Heart aria-hidden fill={isLiked ? 'currentColor' : 'none'} />
    </IconButton>
  );
}
