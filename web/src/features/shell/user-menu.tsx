import type { User } from '@kora/contracts';
import { LogOut } from 'lucide-react';
import { Avatar } from 'radix-ui';
import { useSignOut } from '../auth/api';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';

function getInitials(user: User): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const signOut = useSignOut();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="grid size-11 shrink-0 place-items-center rounded-full hover:bg-overlay md:size-10"
      >
        <Avatar.Root className="grid size-9 place-items-center overflow-hidden rounded-full bg-gold-400 md:size-8">
          <Avatar.Fallback className="text-sm font-bold text-on-gold">{getInitials(user)}</Avatar.Fallback>
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
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
