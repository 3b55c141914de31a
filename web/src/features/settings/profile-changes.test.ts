import type { User } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { isNewEmail, pickProfileChanges, withCurrentPassword } from './profile-changes';

const user: User = {
  id: 1,
  email: 'kemi@example.com',
  firstName: 'Kemi',
  lastName: 'Adeyemi',
  bio: 'Highlife on Sundays',
  phone: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailConfirmed: true,
  emailConfirmationNeeded: false,
};

describe('pickProfileChanges', () => {
  it('sends only the fields that changed, trimmed', () => {
    expect(pickProfileChanges(user, { firstName: ' Kemi ', lastName: 'Bello', bio: 'Highlife on Sundays' })).toEqual({
      lastName: 'Bello',
    });
    expect(pickProfileChanges(user, { phone: ' +234 803 000 0000 ' })).toEqual({ phone: '+234 803 000 0000' });
  });

  it('ignores empty and unchanged values, so nothing is sent', () => {
    expect(pickProfileChanges(user, { email: '   ', phone: '', bio: '' })).toEqual({});
    expect(pickProfileChanges(user, { email: 'KEMI@example.com ' })).toEqual({});
    expect(pickProfileChanges(user, {})).toEqual({});
  });

  it('sends a new e-mail address in lower case, as the server keeps it', () => {
    expect(pickProfileChanges(user, { email: 'Kemi.A@Example.com' })).toEqual({ email: 'kemi.a@example.com' });
  });
});

describe('the current password with a new e-mail', () => {
  it('is asked only for an address that differs from the current one', () => {
    expect(isNewEmail(user, 'kemi.a@example.com')).toBe(true);
    expect(isNewEmail(user, ' KEMI@example.com ')).toBe(false);
    expect(isNewEmail(user, '')).toBe(false);
  });

  it('is sent with a new e-mail and never with other edits', () => {
    expect(withCurrentPassword({ email: 'kemi.a@example.com', bio: 'Fuji' }, 'secret')).toEqual({
      email: 'kemi.a@example.com',
      bio: 'Fuji',
      currentPassword: 'secret',
    });
    expect(withCurrentPassword({ bio: 'Fuji' }, 'secret')).toEqual({ bio: 'Fuji' });
  });
});
