import { PRODUCT_NAME, SIDEBAR_LIST_LIMIT, type Playlist } from '@kora/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { editorialPlaylistsQuery, myPlaylistsQuery } from '../playlists/api';
import { CreatePlaylistDialog } from '../playlists/create-playlist-dialog';
import { playlistPath } from '../../ui/catalogue-links';
import { cn } from '../../ui/cn';
import { IconButton } from '../../ui/icon-button';
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
        <SidebarSection
          title="My Playlists"
          query={myPlaylistsQuery}
          onNavigate={onNavigate}
          action={
            // In the phone drawer the dialog opens above it; the drawer closes once the new playlist opens.
            <CreatePlaylistDialog
              onCreated={onNavigate}
              trigger={
                <IconButton label="Create Playlist" className="-mr-2">
                  <Plus aria-hidden />
                </IconButton>
              }
            />
          }
        />
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
  /** A button beside the heading (Create Playlist). */
  action?: ReactNode;
};

function SidebarSection({ title, query, onNavigate, action }: SidebarSectionProps) {
  const { data, isPending } = useQuery(query);
  const { pathname } = useLocation();
  const shown = data?.slice(0, SIDEBAR_LIST_LIMIT) ?? [];
  return (
    <section className="mt-6 px-3">
      <div className="flex min-h-10 items-center justify-between gap-2">
        <h2 className="text-xs font-semibold tracking-wider text-ink-subtle uppercase">{title}</h2>
        {action}
      </div>
      {shown.length > 0 ? (
        <ul className="mt-1 grid gap-0.5">
          {shown.map((playlist) => {
            const path = playlistPath(playlist.id);
            const isActive = pathname === path;
            return (
              <li key={playlist.id}>
                <Link
                  to={path}
                  onClick={onNavigate}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    '-mx-3 flex h-10 items-center truncate rounded-control px-3 text-sm transition-colors md:h-9',
                    isActive ? 'bg-raised text-ink' : 'text-ink-muted hover:bg-raised/60 hover:text-ink',
                  )}
                >
                  <span className="truncate">{playlist.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        !isPending && <p className="mt-2 text-sm text-ink-subtle">No playlists yet</p>
      )}
    </section>
  );
}
