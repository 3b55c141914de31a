import { useCallback, useRef } from 'react';
import { dialogWithFocus } from './use-return-focus';

/**
 * Escape closes the dialog that has the focus, never one beneath it. Radix hands Escape to the top
 * dialog, but learns that a dialog opened over another (Change Email over Settings) is the top one
 * a render after it has taken the focus: Escape pressed in between, on a busy phone, closed the
 * dialog beneath, and the new one with it. Spread the result on the dialog's Content.
 */
export function useEscapeInFocusedDialog<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const onEscapeKeyDown = useCallback((event: KeyboardEvent) => {
    const focusedDialog = dialogWithFocus();
    if (focusedDialog && ref.current && focusedDialog !== ref.current) event.preventDefault();
  }, []);
  return { ref, onEscapeKeyDown };
}
