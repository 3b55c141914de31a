import type { User } from '@kora/contracts';
import { useState } from 'react';
import { Modal } from '../../ui/dialog';
import { EditProfileForm } from './edit-profile-form';
import { ProfileOverview } from './profile-overview';

export type ProfileDialogProps = { user: User; open: boolean; onOpenChange: (open: boolean) => void };

/** The Profile dialog of spec section 2: the overview, or the Edit Profile form in its place. */
export function ProfileDialog({ user, open, onOpenChange }: ProfileDialogProps) {
  const [isEditing, setIsEditing] = useState(false);

  function handleOpenChange(next: boolean) {
    // Opening again starts from the overview.
    if (!next) setIsEditing(false);
    onOpenChange(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={isEditing ? 'Edit Profile' : 'Profile'}
      className="sm:w-[min(44rem,calc(100vw-2rem))]"
    >
      {isEditing ? (
        <EditProfileForm user={user} onDone={() => setIsEditing(false)} />
      ) : (
        <ProfileOverview user={user} onEdit={() => setIsEditing(true)} />
      )}
    </Modal>
  );
}
