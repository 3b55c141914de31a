import { startTransition, useEffect, useState, type RefObject } from 'react';

/** However slow the covers, the rest of Home comes by then. */
const LONGEST_WAIT_MS = 3000;

/**
 * True once the first screen's covers (the images under `first` marked fetchpriority=high) have
 * loaded or failed, or after LONGEST_WAIT_MS. The shelves below wait for it: on a slow link their
 * dozens of covers and elements would otherwise share the bandwidth and the main thread with the
 * music the listener can play first.
 */
export function useFirstScreenSettled(first: RefObject<HTMLElement | null>): boolean {
  const [isSettled, setIsSettled] = useState(false);

  useEffect(() => {
    const pending = [...(first.current?.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]') ?? [])].filter(
      (image) => !image.complete,
    );
    let remaining = pending.length;
    // A transition: the shelves render in slices a tap on the first screen can interrupt.
    const settle = () => startTransition(() => setIsSettled(true));
    const onImageDone = () => {
      remaining -= 1;
      if (remaining === 0) settle();
    };
    // Even with nothing to wait for, after this frame: the first screen paints on its own first.
    const timer = window.setTimeout(settle, remaining === 0 ? 0 : LONGEST_WAIT_MS);
    for (const image of pending) {
      image.addEventListener('load', onImageDone, { once: true });
      image.addEventListener('error', onImageDone, { once: true });
    }
    return () => {
      window.clearTimeout(timer);
      for (const image of pending) {
        image.removeEventListener('load', onImageDone);
        image.removeEventListener('error', onImageDone);
      }
    };
  }, [first]);

  return isSettled;
}
