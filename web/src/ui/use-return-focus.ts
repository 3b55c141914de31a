import { useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes back when a dialog without its own trigger closes. Radix returns focus to the
 * dialog's Trigger, and without one (a dialog opened by a button elsewhere: the header's Settings,
 * a settings row, a menu) focus fell to the page's body, so a keyboard or screen-reader user
 * started over at the top. The element focused as the dialog opens is remembered (a layout effect
 * runs before Radix moves focus in) and focused again on close, if it is still on the page and no
 * other dialog has taken focus meanwhile.
 */
export function useReturnFocus(open: boolean, enabled: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open || !enabled) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open, enabled]);
  return (event) => {
    const target = opener.current;
    opener.current = null;
    if (!enabled || !target?.isConnected) return;
    // A dialog shown in this one's place (Settings back after the upgrade sheet) has taken focus itself.
    const closing = event.target instanceof Node ? event.target : null;
    const focusedDialog = dialogWithFocus();
    if (focusedDialog && (!closing || !closing.contains(focusedDialog))) return;
    event.preventDefault();
    target.focus();
  };
}

/** The dialog (or alert dialog) the focus is in, if any. */
export function dialogWithFocus(): Element | null | undefined {
  return document.activeElement?.closest('[role="dialog"], [role="alertdialog"]');
}
