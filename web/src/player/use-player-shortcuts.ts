import { useEffect } from 'react';
import type { PlayerController } from './player-controller';
import { getShortcutAction, type KeyTarget } from './shortcuts';

function describeTarget(target: EventTarget | null): KeyTarget | null {
  if (!(target instanceof HTMLElement)) return null;
  return { tagName: target.tagName, role: target.getAttribute('role'), isContentEditable: target.isContentEditable };
}

/** Space, ←/→ and Shift+←/→ anywhere outside text fields and sliders (see shortcuts.ts). */
export function usePlayerShortcuts(controller: PlayerController): void {
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent): void {
      if (event.defaultPrevented || !controller.getState().currentSong) return;
      const action = getShortcutAction({
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        target: describeTarget(event.target),
      });
      if (!action) return;
      event.preventDefault();
      if (action.type === 'toggle-play') controller.actions.togglePlay();
      else if (action.type === 'seek-by') controller.seekBy(action.seconds);
      else if (action.type === 'next') controller.actions.next();
      else controller.actions.previous();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [controller]);
}
