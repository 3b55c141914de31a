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
  className?: string;
}

/** A lazily loaded square cover that falls back to a music-note tile when missing or broken. */
export function CoverImage({ src, size, className }: CoverImageProps) {
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
      sizes={srcSet && `${size}px`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('aspect-square shrink-0 bg-raised object-cover', className)}
    />
  );
}
