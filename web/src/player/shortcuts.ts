export const SHORTCUT_SEEK_SECONDS = 5;

export type ShortcutAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'previous' }
  | { type: 'next' };

/** What the key landed on, read from the DOM by the caller. */
export type KeyTarget = { tagName: string; role: string | null; isContentEditable: boolean };

export type KeyInput = {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  target: KeyTarget | null;
};

const TEXT_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Widgets that use the arrow keys themselves (and the slider: its own keys seek or set volume). */
const ARROW_KEY_ROLES = new Set([
  'slider', 'spinbutton', 'tab', 'tablist', 'menu', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'listbox', 'radio', 'radiogroup', 'combobox', 'textbox', 'searchbox', 'grid', 'tree', 'treeitem',
]);
/** Elements Space activates by itself: pressing it there must not toggle playback a second time. */
const SPACE_TAGS = new Set(['BUTTON', 'A', 'SUMMARY']);
const SPACE_ROLES = new Set(['button', 'link', 'checkbox', 'switch', 'tab', 'menuitem', 'option', 'radio']);

function isTextEntry(target: KeyTarget): boolean {
  return target.isContentEditable || TEXT_TAGS.has(target.tagName) || target.role === 'textbox' || target.role === 'searchbox';
}

/**
 * Player keys anywhere outside text fields and sliders: Space plays or pauses, ←/→ seek 5 s,
 * Shift+←/→ go to the previous or next song. Returns null for every other key.
 */
export function getShortcutAction(input: KeyInput): ShortcutAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const { target } = input;
  if (target && isTextEntry(target)) return null;

  if (input.key === ' ') {
    if (input.repeat || input.shiftKey) return null;
    if (target && (SPACE_TAGS.has(target.tagName) || (target.role !== null && SPACE_ROLES.has(target.role)))) return null;
    if (target?.role === 'slider') return null;
    return { type: 'toggle-play' };
  }

  if (input.key !== 'ArrowLeft' && input.key !== 'ArrowRight') return null;
  if (target?.role && ARROW_KEY_ROLES.has(target.role)) return null;
  const forward = input.key === 'ArrowRight';
  if (input.shiftKey) return input.repeat ? null : { type: forward ? 'next' : 'previous' };
  return { type: 'seek-by', seconds: forward ? SHORTCUT_SEEK_SECONDS : -SHORTCUT_SEEK_SECONDS };
}
