import { lazy, Suspense, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** A while after the page's own load, when the first screen's covers have had the link to themselves. */
const AFTER_LOAD_MS = 2000;

/** After the page's own load: the toaster (Radix Toast) must not compete with the first screen's bytes. */
function afterLoad(callback: () => void): () => void {
  let timer: number | undefined;
  const schedule = () => (timer = window.setTimeout(callback, AFTER_LOAD_MS));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    window.clearTimeout(timer);
  };
}

/**
 * The toaster, loaded a little after the page has loaded, or at once when a toast comes
 * first (the toast store holds it meanwhile). Nothing renders on the first pass, so a page
 * rendered to HTML at build time hydrates with the same tree.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const isHydrated = useHydrated();
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => afterLoad(() => setIsLoaded(true)), []);

  if (!isHydrated || (!isLoaded && toasts.length === 0)) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
