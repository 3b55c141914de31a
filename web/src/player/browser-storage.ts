/** localStorage, or null where the browser blocks it (private modes, disabled storage). */
export function getLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
