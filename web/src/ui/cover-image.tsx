import { coverSrcSet } from '@kora/contracts';
import { Music } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn';

interface CoverImageProps {
  src: string | null;
  /**
   * The cover's average colour ('#rrggbb', from the API): painted where the cover will be until it
   * loads, so a slow connection shows the art's colour instead of an empty box.
   */
  color?: string | null | undefined;
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

/** A square cover, lazily loaded unless `priority`, that falls back to a music-note tile when missing or broken. */
export function CoverImage({ src, color, size, sizes, priority = false, className }: CoverImageProps) {
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
      style={color ? { backgroundColor: color } : undefined}
      className={cn('aspect-square shrink-0 bg-raised object-cover', className)}
    />
  );
}
