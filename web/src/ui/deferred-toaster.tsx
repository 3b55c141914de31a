import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoad } from './after-load';
import { useHydrated } from './use-hydrated';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

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
