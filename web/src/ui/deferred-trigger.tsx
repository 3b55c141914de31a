import { cloneElement, Suspense, useState, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';

interface DeferredTriggerProps {
  /** The button, shown alone until pressed, and meanwhile while the real control loads. */
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  /** Starts the download of the real control (a dynamic import). */
  preload: () => Promise<unknown>;
  /** After the first press: the real control (lazy), built to open at once. */
  children: ReactNode;
  /** Called on the first press, before the real control renders (to open a controlled one). */
  onPress?: () => void;
  /** What the trigger opens, for assistive technology before the real control takes over. */
  popup?: 'menu' | 'dialog';
}

/**
 * A menu or drawer whose code (Radix, with its positioning and focus handling) loads when the
 * listener first reaches for it instead of with the first screen, where every kilobyte delays
 * the music on a slow link. Pointing at or focusing the trigger starts the download; pressing it
 * renders the real control, opened.
 */
export function DeferredTrigger({ trigger, preload, children, onPress, popup = 'menu' }: DeferredTriggerProps) {
  const [isPressed, setIsPressed] = useState(false);
  if (isPressed) return <Suspense fallback={trigger}>{children}</Suspense>;
  const prefetch = () => void preload();
  return cloneElement(trigger, {
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () => {
      onPress?.();
      setIsPressed(true);
    },
  });
}
