import { useEffect } from 'react';
import type { PlayerController } from './player-controller';
import { createSessionSaver, type SessionStore } from './player-session';

/**
 * Keeps the listener's song, queue and position in storage for the next visit: a new song or
 * queue at once, the position at most every few seconds while playing (not on every timeupdate),
 * and the exact position when the page is hidden or closed.
 */
export function useSessionSaving(controller: PlayerController, store: SessionStore | null): void {
  useEffect(() => {
    if (!store) return;
    const saver = createSessionSaver({ initial: controller.getState(), save: store.save });
    const unsubscribe = controller.subscribe(() => saver.offer(controller.getState(), controller.getPosition()));
    const flush = () => saver.flush(controller.getState(), controller.getPosition());
    const handleVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', handleVisibilityChange);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', handleVisibilityChange);
    };
  }, [controller, store]);
}
