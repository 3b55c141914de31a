import { describe, expect, it } from 'vitest';
import { profileHandle, profileInitials } from './profile-identity';

describe('profileHandle', () => {
  it("is '@' and the e-mail's local part", () => {
    expect(profileHandle('kemi.adeyemi@example.com')).toBe('@kemi.adeyemi');
    expect(profileHandle('a+music@mail.ng')).toBe('@a+music');
  });

  it('keeps an address without @ whole', () => {
    expect(profileHandle('kemi')).toBe('@kemi');
  });
});

describe('profileInitials', () => {
  it('takes the first letter of each name', () => {
    expect(profileInitials({ firstName: 'kemi', lastName: 'Adeyemi' })).toBe('KA');
  });
});
