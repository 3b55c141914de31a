import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@kora/contracts';
import { CircleAlert, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from './cn';
import { useToast } from './use-toast';

/** Radix Toast gives the spec's behaviour: F8 focuses the viewport, swipe right dismisses. */
export function Toaster() {
  const { toasts, dismiss } = useToast();

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
              'group relative flex w-full items-start gap-3 rounded-card border p-4 pr-12 shadow-2xl shadow-black/50',
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
      <Toast.Viewport className="fixed right-0 bottom-36 z-100 flex w-full max-w-sm flex-col gap-2 p-4 outline-none md:right-4 md:bottom-24" />
    </Toast.Provider>
  );
}
