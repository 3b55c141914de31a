import type { User } from '@kora/contracts';
import { LogOut, UserRound } from 'lucide-react';
import type { HTMLAttributes, ReactElement } from 'react';
import { useSignOut } from '../auth/api';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';

interface AccountMenuProps {
  user: User;
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  onOpenProfile: () => void;
}

/** The avatar's menu (loaded when first pressed, and then open at once): who is signed in, Profile, Sign Out. */
export function AccountMenu({ user, trigger, onOpenProfile }: AccountMenuProps) {
  const signOut = useSignOut();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-ink">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-xs text-ink-subtle">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onOpenProfile}>
          <UserRound aria-hidden />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
