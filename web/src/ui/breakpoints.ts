/**
 * Tailwind's md breakpoint: from here the shell shows the sidebar and the footer player instead of
 * the phone's drawer and bottom bar. scripts/prerender.mjs preloads the footer player's chunk
 * under the same query.
 */
export const WIDE_MEDIA_QUERY = '(min-width: 48rem)';
