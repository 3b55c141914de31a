import type { User } from '@kora/contracts';
import { LogOut, UserRound } from 'lucide-react';
import { Avatar } from 'radix-ui';
import { useState } from 'react';
import { useSignOut } from '../auth/api';
import { ProfileDialog } from '../profile/profile-dialog';
import { profileInitials } from '../profile/profile-identity';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';

export function UserMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  // The dialog lives beside the menu, not in it: the menu closes as the dialog opens.
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const initials = profileInitials(user);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          // The name starts with the initials it shows, so 'click TB' works by voice (WCAG 2.5.3).
          aria-label={`${initials}, account menu`}
          className="grid size-11 shrink-0 place-items-center rounded-full hover:bg-overlay md:size-10"
        >
          <Avatar.Root className="grid size-9 place-items-center overflow-hidden rounded-full bg-gold-400 md:size-8">
            <Avatar.Fallback className="text-sm font-bold text-on-gold">{initials}</Avatar.Fallback>
          </Avatar.Root>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-ink">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-ink-subtle">{user.email}</p>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setIsProfileOpen(true)}>
            <UserRound aria-hidden />
            Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOut aria-hidden />
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ProfileDialog user={user} open={isProfileOpen} onOpenChange={setIsProfileOpen} />
    </>
  );
}
