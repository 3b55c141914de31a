import { PRODUCT_NAME, SIDEBAR_LIST_LIMIT, type Playlist } from '@kora/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Plus, Radio, Settings, UserRound, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../auth/use-auth';
import { editorialPlaylistsQuery, myPlaylistsQuery } from '../playlists/api';
import { playlistPath } from '../../ui/catalogue-links';
import { cn } from '../../ui/cn';
import { DeferredTrigger } from '../../ui/deferred-trigger';
import { IconButton } from '../../ui/icon-button';
import { Logo } from '../../ui/logo';
import { OpenedOnce } from '../../ui/opened-once';
import { CreatePlaylistDialog, ExtraRadioDialog, loadCreatePlaylistDialog, ProfileDialog, SettingsDialog } from './lazy-dialogs';
import { SIDEBAR_LIBRARY_LINKS, SIDEBAR_MAIN_LINKS, isLinkActive, type NavLinkItem } from './nav-links';

interface SidebarProps {
  /** Called after a link is followed, so the phone drawer can close. */
  onNavigate?: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const [isCreating, setIsCreating] = useState(false);
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
            <DeferredTrigger
              trigger={createPlaylistButton}
              preload={loadCreatePlaylistDialog}
              onPress={() => setIsCreating(true)}
              popup="dialog"
            >
              <CreatePlaylistDialog
                open={isCreating}
                onOpenChange={setIsCreating}
                onCreated={onNavigate}
                trigger={createPlaylistButton}
              />
            </DeferredTrigger>
          }
        />
        <SidebarSection title="Made for You" query={editorialPlaylistsQuery} onNavigate={onNavigate} />
      </div>
      <SidebarDialogs />
    </nav>
  );
}

const createPlaylistButton = (
  <IconButton label="Create Playlist" className="-mr-2">
    <Plus aria-hidden />
  </IconButton>
);

type SidebarDialog = 'radio' | 'profile' | 'settings';

const DIALOG_BUTTONS: { dialog: SidebarDialog; label: string; icon: LucideIcon }[] = [
  { dialog: 'radio', label: 'Extra Radio', icon: Radio },
  { dialog: 'profile', label: 'Profile', icon: UserRound },
  { dialog: 'settings', label: 'Settings', icon: Settings },
];

/**
 * The Extra Radio, Profile and Settings dialogs (spec section 2), at the foot of the sidebar. In
 * the phone drawer they open above it, and the drawer stays beneath until they close.
 */
function SidebarDialogs() {
  const { user } = useAuth();
  const [openDialog, setOpenDialog] = useState<SidebarDialog | null>(null);
  const dialogProps = (dialog: SidebarDialog) => ({
    open: openDialog === dialog,
    onOpenChange: (open: boolean) => setOpenDialog(open ? dialog : null),
  });

  return (
    <div className="border-t border-line px-3 py-2">
      <ul className="grid gap-0.5">
        {DIALOG_BUTTONS.map(({ dialog, label, icon: Icon }) => (
          <li key={dialog}>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setOpenDialog(dialog)}
              className="flex h-11 w-full items-center gap-3 rounded-control px-3 text-sm font-medium text-ink-muted transition-colors hover:bg-raised/60 hover:text-ink md:h-10"
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              {label}
            </button>
          </li>
        ))}
      </ul>
      <OpenedOnce open={openDialog === 'radio'}>
        <ExtraRadioDialog {...dialogProps('radio')} />
      </OpenedOnce>
      {user && (
        <OpenedOnce open={openDialog === 'profile'}>
          <ProfileDialog user={user} {...dialogProps('profile')} />
        </OpenedOnce>
      )}
      {user && (
        <OpenedOnce open={openDialog === 'settings'}>
          <SettingsDialog user={user} {...dialogProps('settings')} />
        </OpenedOnce>
      )}
    </div>
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
