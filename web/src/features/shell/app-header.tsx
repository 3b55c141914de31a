import type { User } from '@kora/contracts';
import { Menu, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { IconButton } from '../../ui/icon-button';
import { DeferredTrigger } from '../../ui/deferred-trigger';
import { Logo } from '../../ui/logo';
import { OpenedOnce } from '../../ui/opened-once';
import { NotificationsButton } from '../notifications/notifications-button';
import { useDevicesSettingsLink } from '../sessions/settings-link';
import { Drawer, loadDrawer, SettingsDialog } from './lazy-dialogs';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

const menuButton = (
  <Button variant="ghost" size="icon" aria-label="Open menu">
    <Menu aria-hidden />
  </Button>
);

export function AppHeader({ user }: { user: User }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const isDevicesLink = useDevicesSettingsLink();
  const [isSettingsOpen, setIsSettingsOpen] = useState(isDevicesLink);

  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-canvas/95 px-2 sm:px-4 md:px-6">
      <div className="flex items-center gap-1 md:hidden">
        <DeferredTrigger trigger={menuButton} preload={loadDrawer} onPress={() => setIsMenuOpen(true)} popup="dialog">
          <Drawer open={isMenuOpen} onOpenChange={setIsMenuOpen} title="Menu" trigger={menuButton}>
            <Sidebar onNavigate={() => setIsMenuOpen(false)} />
          </Drawer>
        </DeferredTrigger>
        <Link to="/" aria-label="Kora home" className="rounded-control p-1">
          <Logo size={28} wordClassName="text-lg" />
        </Link>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <NotificationsButton />
        <IconButton label="Settings" onClick={() => setIsSettingsOpen(true)}>
          <Settings aria-hidden />
        </IconButton>
        <UserMenu user={user} />
        <OpenedOnce open={isSettingsOpen}>
          <SettingsDialog user={user} open={isSettingsOpen} onOpenChange={setIsSettingsOpen} initialView={isDevicesLink ? 'devices' : 'main'} />
        </OpenedOnce>
      </div>
    </header>
  );
}
