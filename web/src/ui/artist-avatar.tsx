import { coverSrcSet } from '@kora/contracts';
import { useState } from 'react';
import { cn } from './cn';

interface ArtistAvatarProps {
  name: string;
  imageUrl: string | null | undefined;
  /** The shown size in CSS pixels (the largest): the width/height attributes that keep its box while it loads. */
  size: number;
  /** How wide it is shown at each screen width (ui/image-sizes.ts); `{size}px` when it is always shown at one size. */
  sizes?: string | undefined;
  /** On the first screen: fetched at once and first (eager, fetchpriority high). */
  priority?: boolean | undefined;
  className?: string;
}

/** A letter and the combining marks after it: 'Ọ̀' stays whole with its tone mark. */
const FIRST_LETTER = /^\P{M}\p{M}*/u;

function getInitial(name: string): string {
  return FIRST_LETTER.exec(name.trim())?.[0].toUpperCase() ?? '?';
}

/** A round artist picture, or the artist's first letter when there is none or it fails to load. */
export function ArtistAvatar({ name, imageUrl, size, sizes, priority = false, className }: ArtistAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  if (!imageUrl || failedUrl === imageUrl) {
    return (
      <span
        aria-hidden
        className={cn(
          'grid aspect-square shrink-0 place-items-center rounded-full bg-linear-to-br from-gold-500 to-coral-700 font-extrabold text-on-gold',
          className,
        )}
      >
        {getInitial(name)}
      </span>
    );
  }

  const srcSet = coverSrcSet(imageUrl);
  return (
    <img
      src={imageUrl}
      srcSet={srcSet}
      sizes={srcSet && (sizes ?? `${size}px`)}
      alt=""
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedUrl(imageUrl)}
      className={cn('aspect-square shrink-0 rounded-full bg-raised object-cover', className)}
    />
  );
}
