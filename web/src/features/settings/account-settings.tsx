import type { User } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountEmailQuery } from '../account-email/api';
import { LinkedAccountsDialog } from '../linked-accounts/linked-accounts-dialog';
import { LINKED_ACCOUNT_PROVIDERS } from '../linked-accounts/linked-accounts';
import { useLinkedAccounts } from '../linked-accounts/use-linked-accounts';
import { twoFactorStatusQuery } from '../two-factor/api';
import { TwoFactorDialog } from '../two-factor/two-factor-dialog';
import { PasswordResetDialog } from './password-reset-dialog';
import { ProfileFieldsDialog } from './profile-fields-dialog';
import { RowButton, SettingGroup, SettingRow } from './setting-controls';

type AccountDialog = 'email' | 'phone' | 'profile' | 'password' | 'two-factor' | 'linked-accounts';

/** The address, and whether it waits for a link: its confirmation, or a change to another address. */
function EmailDescription({ user }: { user: User }) {
  const account = useQuery(accountEmailQuery);
  const pendingEmail = account.data?.pendingEmail;
  return (
    <>
      <span className="block break-all">{user.email}</span>
      {user.emailConfirmationNeeded && <span className="block text-gold-400">Not confirmed yet</span>}
      {pendingEmail && (
        <span className="block">
          Changing to <span className="block break-all text-ink-muted">{pendingEmail}</span> once confirmed from that inbox
        </span>
      )}
    </>
  );
}

/** The account part of the main view: e-mail, phone, profile, password, two-factor and linked accounts. */
export function AccountSettings({ user }: { user: User }) {
  const [openDialog, setOpenDialog] = useState<AccountDialog | null>(null);
  const twoFactor = useQuery(twoFactorStatusQuery);
  const linkedAccounts = useLinkedAccounts();
  const linkedCount = LINKED_ACCOUNT_PROVIDERS.filter((provider) => linkedAccounts[provider.id]).length;
  const dialogProps = (dialog: AccountDialog) => ({
    open: openDialog === dialog,
    onOpenChange: (open: boolean) => setOpenDialog(open ? dialog : null),
  });
  const twoFactorText = twoFactor.data ? (twoFactor.data.enabled ? 'On' : 'Off') : twoFactor.isError ? 'Could not load' : 'Loading...';

  return (
    <SettingGroup title="Account">
      <SettingRow label="Email" description={<EmailDescription user={user} />}>
        <RowButton label="Change" name="email" onClick={() => setOpenDialog('email')} />
      </SettingRow>
      <SettingRow label="Phone" description={user.phone ?? 'Not added'}>
        <RowButton label={user.phone ? 'Change' : 'Add'} name="phone" onClick={() => setOpenDialog('phone')} />
      </SettingRow>
      <SettingRow label="Profile" description={`${user.firstName} ${user.lastName}${user.bio ? ` · ${user.bio}` : ''}`}>
        <RowButton label="Edit" name="profile" onClick={() => setOpenDialog('profile')} />
      </SettingRow>
      <SettingRow label="Password" description="Change it; other devices are signed out">
        <RowButton label="Reset" name="password" onClick={() => setOpenDialog('password')} />
      </SettingRow>
      <SettingRow label="Two-factor authentication" description={twoFactorText}>
        <RowButton label="Manage" name="two-factor authentication" onClick={() => setOpenDialog('two-factor')} />
      </SettingRow>
      <SettingRow label="Linked accounts" description={linkedCount > 0 ? `${linkedCount} connected` : 'None connected'}>
        <RowButton label="Manage" name="linked accounts" onClick={() => setOpenDialog('linked-accounts')} />
      </SettingRow>

      <ProfileFieldsDialog
        user={user}
        fields={['email']}
        title="Change Email"
        description="The address you log in with."
        {...dialogProps('email')}
      />
      <ProfileFieldsDialog
        user={user}
        fields={['phone']}
        title={user.phone ? 'Change Phone' : 'Add Phone'}
        description="Kept with your account; Kora does not call or text it."
        {...dialogProps('phone')}
      />
      <ProfileFieldsDialog
        user={user}
        fields={['firstName', 'lastName', 'bio']}
        title="Edit Profile"
        description="Your name and bio as other listeners see them."
        {...dialogProps('profile')}
      />
      <PasswordResetDialog {...dialogProps('password')} />
      <TwoFactorDialog {...dialogProps('two-factor')} />
      <LinkedAccountsDialog {...dialogProps('linked-accounts')} />
    </SettingGroup>
  );
}
