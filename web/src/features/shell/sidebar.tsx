import { PRODUCT_NAME, SIDEBAR_LIST_LIMIT, type Playlist } from '@kora/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { editorialPlaylistsQuery, myPlaylistsQuery } from '../playlists/api';
import { cn } from '../../ui/cn';
import { Logo } from '../../ui/logo';
import { SIDEBAR_LIBRARY_LINKS, SIDEBAR_MAIN_LINKS, isLinkActive, type NavLinkItem } from './nav-links';

interface SidebarProps {
  /** Called after a link is followed, so the phone drawer can close. */
  onNavigate?: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  return (
    <nav aria-label="Main" className="flex h-full min-h-0 flex-col">
      <div className="px-5 pt-5 pb-4">
        <Link to="/" onClick={onNavigate} aria-label={`${PRODUCT_NAME} home`} className="inline-flex rounded-control">
          <Logo />
        </Link>
      </div>
      <div className="flex-1 overflow-y-auto px-3 pb-6">
        <SidebarLinks links={SIDEBAR_MAIN_LINKS} onNavigate={onNavigate} />
        <div className="mx-3 my-4 h-px bg-line" />
        <SidebarLinks links={SIDEBAR_LIBRARY_LINKS} onNavigate={onNavigate} />
        <SidebarSection title="My Playlists" query={myPlaylistsQuery} onNavigate={onNavigate} />
        <SidebarSection title="Made for You" query={editorialPlaylistsQuery} onNavigate={onNavigate} />
      </div>
    </nav>
  );
}

function SidebarLinks({ links, onNavigate }: { links: NavLinkItem[]; onNavigate: (() => void) | undefined }) {
  const { pathname, search } = useLocation();
  return (
    <ul className="grid gap-0.5">
      {links.map((link) => {
        const isActive = isLinkActive(link.to, pathname, search);
        return (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={onNavigate}
              aria-current={isActive ? 'page' : undefined}
              className={cn(
                'flex h-11 items-center gap-3 rounded-control px-3 text-sm font-medium transition-colors md:h-10',
                isActive ? 'bg-raised text-ink' : 'text-ink-muted hover:bg-raised/60 hover:text-ink',
              )}
            >
              <link.icon aria-hidden className={cn('size-5 shrink-0', isActive && 'text-gold-400')} />
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

type SidebarSectionProps = {
  title: string;
  query: UseQueryOptions<Playlist[], Error, Playlist[], readonly unknown[]>;
  onNavigate: (() => void) | undefined;
};

function SidebarSection({ title, query, onNavigate }: SidebarSectionProps) {
  const { data, isPending } = useQuery(query);
  const shown = data?.slice(0, SIDEBAR_LIST_LIMIT) ?? [];
  return (
    <section className="mt-6 px-3">
      <h2 className="text-xs font-semibold tracking-wider text-ink-subtle uppercase">{title}</h2>
      {shown.length > 0 ? (
        <ul className="mt-2 grid gap-0.5">
          {shown.map((playlist) => (
            <li key={playlist.id}>
              <Link
                to={`/playlist/${playlist.id}`}
                onClick={onNavigate}
                className="-mx-3 flex h-10 items-center truncate rounded-control px-3 text-sm text-ink-muted transition-colors hover:bg-raised/60 hover:text-ink md:h-9"
              >
                <span className="truncate">{playlist.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        !isPending && <p className="mt-2 text-sm text-ink-subtle">No playlists yet</p>
      )}
    </section>
  );
}
