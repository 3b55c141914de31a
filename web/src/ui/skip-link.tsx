import type { MouseEvent } from 'react';

/** The id of a page frame's <main>: where the skip link sends focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of a page frame (WCAG 2.4.1): past the header and navigation straight to the
 * page, hidden until focused. Focus is moved by hand, as following '#main-content' would add a
 * history entry to the router and, in the app shell, only scroll without moving focus.
 */
export function SkipLink() {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  }

  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={handleClick}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-control focus:bg-gold-400 focus:px-4 focus:py-3 focus:text-sm focus:font-semibold focus:text-on-gold"
    >
      Skip to main content
    </a>
  );
}
