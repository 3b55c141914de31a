import { Music } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn';
import { coverSrcSet } from './cover-srcset';

interface CoverImageProps {
  src: string | null;
  /**
   * The shown size in CSS pixels (the largest, where it changes with the screen): the width/height
   * attributes that stop layout shifts, and the size the browser picks a stored cover's copy by.
   * className sets the shown size itself.
   */
  size: number;
  /**
   * The shown width at each breakpoint, where it is not `size` everywhere (grid cards): the browser
   * picks the stored copy by it, so a phone takes the 160 or 320 px one, never the 640.
   */
  sizes?: string;
  /** On the first screen: fetched at once and first, not when scrolled near. */
  priority?: boolean;
  className?: string;
}

/**
 * A card's cover in the card grids and shelves (ui/music-grid.tsx): on a phone, half the width
 * less the page and card padding in a grid, or a shelf card's fixed 124 px; then 3, 4 (beside the
 * 16 rem sidebar) and 5 columns, and on a wide screen 5 or 6 columns of the 80 rem page. The
 * browser picks the stored copy by it.
 */
export function cardCoverSizes({ widestColumns = 5, phoneShelf = false }: { widestColumns?: 5 | 6; phoneShelf?: boolean } = {}): string {
  const phone = phoneShelf ? '124px' : 'calc(50vw - 42px)';
  const widest = widestColumns === 6 ? '160px' : '200px';
  return `(max-width: 639px) ${phone}, (max-width: 767px) calc(33vw - 48px), (max-width: 1023px) calc(25vw - 109px), (max-width: 1279px) calc(20vw - 95px), ${widest}`;
}


/** A square cover, lazily loaded unless `priority`, that falls back to a music-note tile when missing or broken. */
export function CoverImage({ src, size, sizes, priority = false, className }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <span
        className={cn(
          'grid aspect-square shrink-0 place-items-center bg-linear-to-br from-overlay to-raised text-ink-subtle',
          className,
        )}
      >
        <Music aria-hidden className="size-2/5 max-h-12 max-w-12" />
      </span>
    );
  }

  const srcSet = coverSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet && (sizes ?? `${size}px`)}
      alt=""
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('aspect-square shrink-0 bg-raised object-cover', className)}
    />
  );
}
