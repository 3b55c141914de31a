import { describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/queries.js';
import { profileChanges } from './service.js';

const user: UserRow = {
  id: 1,
  email: 'ada@example.com',
  passwordHash: 'hash',
  firstName: 'Ada',
  lastName: 'Obi',
  bio: 'Highlife',
  phone: null,
  monthlyDataLimitMb: null,
  emailConfirmedAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

describe('profileChanges', () => {
  it('keeps only the fields that change', () => {
    expect(profileChanges(user, { firstName: 'Adaeze', lastName: 'Obi', email: 'ada@example.com' })).toEqual({ firstName: 'Adaeze' });
    expect(profileChanges(user, { email: 'new@example.com', phone: '0803 555 0101' })).toEqual({
      email: 'new@example.com',
      phone: '0803 555 0101',
    });
  });

  it('ignores empty names and e-mail', () => {
    expect(profileChanges(user, { firstName: '', lastName: '', email: '' })).toEqual({});
  });

  it('clears bio and phone with an empty value, and leaves an empty one empty', () => {
    expect(profileChanges(user, { bio: '' })).toEqual({ bio: null });
    expect(profileChanges(user, { phone: '' })).toEqual({});
  });
});
