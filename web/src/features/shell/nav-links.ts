import { Heart, House, Library, ListMusic, Mic2, Radio, Search, Upload, type LucideIcon } from 'lucide-react';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const SIDEBAR_MAIN_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/search', label: 'Search', icon: Search },
  { to: '/library', label: 'Your Library', icon: Library },
  { to: '/upload', label: 'Upload', icon: Upload },
];

export const SIDEBAR_LIBRARY_LINKS: NavLinkItem[] = [
  { to: '/library?tab=liked', label: 'Liked Songs', icon: Heart },
  { to: '/library?tab=playlists', label: 'Liked Playlist', icon: ListMusic },
  { to: '/library?tab=artists', label: 'Liked Artists', icon: Mic2 },
];

export const MOBILE_BAR_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/upload', label: 'Upload', icon: Upload },
  { to: '/radio', label: 'Radio', icon: Radio },
  { to: '/library', label: 'Library', icon: Library },
  { to: '/search', label: 'Search', icon: Search },
];

/**
 * A link is current when its path matches and, for the library, its tab matches too:
 * '/library' and '/library?tab=liked' share a path but are different places.
 */
export function isLinkActive(to: string, pathname: string, search: string): boolean {
  const target = new URL(to, 'http://kora.local');
  if (target.pathname !== pathname) return false;
  if (target.pathname !== '/library') return true;
  return new URLSearchParams(search).get('tab') === target.searchParams.get('tab');
}
