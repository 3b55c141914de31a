/** Spec section 2: the Library's tab comes from ?tab=; anything else is the main view. */
export const LIBRARY_TABS = ['main', 'liked', 'playlists', 'artists', 'downloaded'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

export const LIBRARY_TAB_LABELS: Record<LibraryTab, string> = {
  main: 'Overview',
  liked: 'Liked Songs',
  playlists: 'Playlists',
  artists: 'Artists',
  downloaded: 'Downloaded',
};

export function parseLibraryTab(value: string | null): LibraryTab {
  return LIBRARY_TABS.find((tab) => tab === value) ?? 'main';
}

/** The address of a tab: the main view is plain /library, the others carry ?tab=. */
export function libraryTabPath(tab: LibraryTab): string {
  return tab === 'main' ? '/library' : `/library?tab=${tab}`;
}
