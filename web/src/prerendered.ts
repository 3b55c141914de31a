/** Set on #root by the build's prerender step (web/scripts/prerender.mjs); read by main.tsx. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDERED_SIGNED_OUT = 'signed-out';

/** On home.html's #root: served only to a signed-in listener opening Home. */
export const HOME_PAGE_ATTRIBUTE = 'data-page';
export const HOME_PAGE = 'home';

export function isHomePage(root: HTMLElement): boolean {
  return root.getAttribute(HOME_PAGE_ATTRIBUTE) === HOME_PAGE;
}

export function isPrerenderedSignedOut(root: HTMLElement): boolean {
  return root.getAttribute(PRERENDERED_ATTRIBUTE) === PRERENDERED_SIGNED_OUT && root.hasChildNodes();
}
