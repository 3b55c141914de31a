/** Set on #root by the build's prerender step (web/scripts/prerender.mjs); read by main.tsx. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDERED_SIGNED_OUT = 'signed-out';

export function isPrerenderedSignedOut(root: HTMLElement): boolean {
  return root.getAttribute(PRERENDERED_ATTRIBUTE) === PRERENDERED_SIGNED_OUT && root.hasChildNodes();
}
