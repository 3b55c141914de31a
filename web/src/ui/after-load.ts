/** A while after the page's own load, when the first screen's covers have had the link to themselves. */
const AFTER_LOAD_MS = 2000;

/**
 * Runs `callback` a little after the page has loaded: for code the first screen does not show
 * (the toaster, the large player) that must not compete with the first screen's bytes on a slow
 * link, yet should be there before a listener reaches for it. Returns a cancel function.
 */
export function afterLoad(callback: () => void): () => void {
  let timer: number | undefined;
  const schedule = () => (timer = window.setTimeout(callback, AFTER_LOAD_MS));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    window.clearTimeout(timer);
  };
}
