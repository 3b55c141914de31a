import type { User } from '@kora/contracts';
import { useState } from 'react';
import { DeferredTrigger } from '../../ui/deferred-trigger';
import { OpenedOnce } from '../../ui/opened-once';
import { profileInitials } from '../profile/profile-identity';
import { AccountMenu, loadAccountMenu, ProfileDialog } from './lazy-dialogs';

export function UserMenu({ user }: { user: User }) {
  // The dialog lives beside the menu, not in it: the menu closes as the dialog opens.
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const initials = profileInitials(user);
  const trigger = (
    <button
      type="button"
      // The name starts with the initials it shows, so 'click TB' works by voice (WCAG 2.5.3).
      aria-label={`${initials}, account menu`}
      className="grid size-11 shrink-0 place-items-center rounded-full hover:bg-overlay md:size-10"
    >
      <span className="grid size-9 place-items-center overflow-hidden rounded-full bg-gold-400 text-sm font-bold text-on-gold md:size-8">
        {initials}
      </span>
    </button>
  );

  return (
    <>
      <DeferredTrigger trigger={trigger} preload={loadAccountMenu}>
        <AccountMenu user={user} trigger={trigger} onOpenProfile={() => setIsProfileOpen(true)} />
      </DeferredTrigger>
      <OpenedOnce open={isProfileOpen}>
        <ProfileDialog user={user} open={isProfileOpen} onOpenChange={setIsProfileOpen} />
      </OpenedOnce>
    </>
  );
}
