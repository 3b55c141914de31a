import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the build-time render and while React adopts that HTML in the browser (it reads the
 * server snapshot then), true from the first render the page's script owns.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
