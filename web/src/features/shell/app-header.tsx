import type { User } from '@kora/contracts';
import { Menu, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { Drawer } from '../../ui/drawer';
import { IconButton } from '../../ui/icon-button';
import { Logo } from '../../ui/logo';
import { NotificationsButton } from '../notifications/notifications-button';
import { SettingsDialog } from '../settings/settings-dialog';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

export function AppHeader({ user }: { user: User }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);

  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-canvas/95 px-2 sm:px-4 md:px-6">
      <div className="flex items-center gap-1 md:hidden">
        <Drawer
          open={isMenuOpen}
          onOpenChange={setIsMenuOpen}
          title="Menu"
          trigger={
            <Button variant="ghost" size="icon" aria-label="Open menu">
              <Menu aria-hidden />
            </Button>
          }
        >
          <Sidebar onNavigate={() => setIsMenuOpen(false)} />
        </Drawer>
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
        <SettingsDialog user={user} open={isSettingsOpen} onOpenChange={setIsSettingsOpen} />
      </div>
    </header>
  );
}
