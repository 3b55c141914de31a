import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@kora/contracts';
import { CircleAlert, X } from 'lucide-react';
import * as Toast from '@radix-ui/react-toast';
import { useLayoutEffect, useState } from 'react';
import { cn } from './cn';
import { TOAST_FLOOR_SELECTOR, useToast } from './use-toast';

/**
 * From this width a toast column at the bottom right (24rem and its margins) clears a centred
 * dialog (32rem wide at most): (width + 32rem) / 2 <= width - 24rem.
 */
const BOTTOM_RIGHT_MEDIA_QUERY = '(min-width: 80rem)';

/**
 * Where toasts sit: `null` at the top of the window, else how far above its bottom they must sit to
 * leave every floor that counts uncovered. Dialogs keep what the listener acts on low (a phone's
 * sheets rise from the bottom with their buttons, over the mini player and tabs), so toasts hang
 * from the top unless the window leaves room at the bottom right beside a centred dialog; there
 * they sit above every floor (the footer player bar, the large player's controls). The large
 * player, full screen on a phone with its Close at the top, keeps them above its controls at any
 * width (a floor inside a dialog). Hidden floors (display: none) measure 0 high; one scrolled past
 * the top is not in the way of a toast below.
 */
function measureToastPlacement(): number | null {
  const hasBottomRight = window.matchMedia(BOTTOM_RIGHT_MEDIA_QUERY).matches;
  let top = window.innerHeight;
  for (const floor of document.querySelectorAll(TOAST_FLOOR_SELECTOR)) {
    if (!hasBottomRight && !floor.closest('[role="dialog"]')) continue;
    const box = floor.getBoundingClientRect();
    if (box.height > 0 && box.top >= 0) top = Math.min(top, box.top);
  }
  const lift = Math.max(0, window.innerHeight - top);
  return hasBottomRight || lift > 0 ? lift : null;
}

/**
 * Measured while a toast shows: again when the window changes size (maybe across the breakpoint)
 * or something scrolls, and when the page changes under it (a toast raised while signing in shows
 * before the player has rendered; a sheet or the large player opens).
 */
function useToastPlacement(toastCount: number): number | null {
  const [lift, setLift] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (toastCount === 0) return;
    let frame = 0;
    const measure = () => setLift(measureToastPlacement());
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
  return lift;
}

/**
 * Radix Toast gives the spec's behaviour: F8 focuses the viewport (a region labelled
 * Notifications), a swipe dismisses. Toasts never hide the player's controls or an open dialog's
 * buttons (see measureToastPlacement), and leave the way they came: up from the top, right from
 * the bottom right.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const lift = useToastPlacement(toasts.length);
  const isAtTop = lift === null;

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={isAtTop ? 'up' : 'right'}
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
              // Important: a toast raised just before a dialog opens (Settings coming back after the
              // upgrade sheet) is a layer under it, which Radix makes ignore the pointer with an inline
              // style. Still shown on top, it must still take a tap or a swipe.
              'group pointer-events-auto! relative flex w-full items-start gap-3 rounded-card border p-4 pr-12 shadow-2xl shadow-black/50',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0',
              // Radix clamps the swipe to its direction, so the other axis moves by 0.
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:translate-y-(--radix-toast-swipe-move-y)',
              'data-[swipe=cancel]:translate-0 data-[swipe=cancel]:transition-transform',
              'data-[swipe=end]:data-[swipe-direction=right]:translate-x-full data-[swipe=end]:data-[swipe-direction=up]:-translate-y-full',
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
        // Its padding is the gap from the edge or the floor. Taps go through the empty parts to the page below.
        style={isAtTop || lift === 0 ? undefined : { bottom: lift }}
        className={cn(
          'pointer-events-none fixed right-0 z-100 flex w-full max-w-sm flex-col gap-2 p-4 outline-none md:right-4',
          // Toasts come in from the edge they sit on (the toast-in animation's offset).
          isAtTop ? 'top-[env(safe-area-inset-top)] [--toast-enter-y:-1rem]' : 'bottom-[env(safe-area-inset-bottom)]',
        )}
      />
    </Toast.Provider>
  );
}
