import { describe, expect, it } from 'vitest';
import { formatJoinMonth, profileHandle, profileInitials } from './profile-identity';

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

describe('formatJoinMonth', () => {
  it("gives the account's month and year in full", () => {
    expect(formatJoinMonth('2026-11-15T09:30:00.000Z')).toBe('November 2026');
    expect(formatJoinMonth('2024-03-10T18:00:00.000Z')).toBe('March 2024');
  });
});
