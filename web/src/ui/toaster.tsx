import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@kora/contracts';
import { CircleAlert, X } from 'lucide-react';
import * as Toast from '@radix-ui/react-toast';
import { useLayoutEffect, useState } from 'react';
import { cn } from './cn';
import { TOAST_FLOOR_SELECTOR, useToast } from './use-toast';

/**
 * How far above the window's bottom toasts must sit to leave every shown floor (the phone's mini
 * player and bar, the desktop player bar, the large player's controls) uncovered. Hidden floors
 * (display: none) measure 0 high; one scrolled past the top is not in the way of a toast below.
 */
function measureToastFloor(): number {
  let top = window.innerHeight;
  for (const floor of document.querySelectorAll(TOAST_FLOOR_SELECTOR)) {
    const box = floor.getBoundingClientRect();
    if (box.height > 0 && box.top >= 0) top = Math.min(top, box.top);
  }
  return Math.max(0, window.innerHeight - top);
}

/**
 * Measured while a toast shows: again when the window changes size or something scrolls, and when
 * the page changes under it (a toast raised while signing in shows before the player has rendered).
 */
function useToastFloor(toastCount: number): number {
  const [floor, setFloor] = useState(0);
  useLayoutEffect(() => {
    if (toastCount === 0) return;
    let frame = 0;
    const measure = () => setFloor(measureToastFloor());
    const measureNextFrame = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('resize', measureNextFrame);
    // Capturing: scrolls of inner panes (the large player on a phone) do not bubble.
    document.addEventListener('scroll', measureNextFrame, { capture: true, passive: true });
    const observer = new MutationObserver(measureNextFrame);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measureNextFrame);
      document.removeEventListener('scroll', measureNextFrame, { capture: true });
      observer.disconnect();
    };
  }, [toastCount]);
  return floor;
}

/**
 * Radix Toast gives the spec's behaviour: F8 focuses the viewport, swipe right dismisses. Toasts
 * rise from the bottom but stop above the player, so they never hide its controls.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const floor = useToastFloor(toasts.length);

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => {
        const isDestructive = item.variant === 'destructive';
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-card border p-4 pr-12 shadow-2xl shadow-black/50',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0',
              'data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-full',
              isDestructive ? 'border-coral-700 bg-coral-900 text-ink' : 'border-line bg-raised text-ink',
            )}
          >
            {isDestructive && <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-coral-300" />}
            <div className="grid min-w-0 gap-1">
              <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
              {item.description && (
                <Toast.Description className={cn('text-sm', isDestructive ? 'text-coral-300' : 'text-ink-muted')}>
                  {item.description}
                </Toast.Description>
              )}
            </div>
            <Toast.Close
              aria-label="Dismiss notification"
              className="absolute top-1.5 right-1.5 grid size-11 place-items-center rounded-full text-ink-muted hover:bg-overlay hover:text-ink md:size-9"
            >
              <X aria-hidden className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        // Its padding is the gap above the floor. Taps go through the empty parts to the page below.
        style={{ bottom: floor > 0 ? floor : undefined }}
        className="pointer-events-none fixed right-0 bottom-[env(safe-area-inset-bottom)] z-100 flex w-full max-w-sm flex-col gap-2 p-4 outline-none md:right-4"
      />
    </Toast.Provider>
  );
}
