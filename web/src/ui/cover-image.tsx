import { Music } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn';

interface CoverImageProps {
  src: string | null;
  /** Intrinsic size for the width/height attributes, which stop layout shifts; className sets the shown size. */
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

  return (
    <img
      src={src}
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
