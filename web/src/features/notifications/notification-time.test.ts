import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from './notification-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatNotificationTime', () => {
  it('says just now for the last minute, and for clocks slightly ahead', () => {
    expect(formatNotificationTime(ago(20_000), now)).toBe('just now');
    expect(formatNotificationTime(ago(-5_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatNotificationTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatNotificationTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatNotificationTime(ago(26 * 60 * 60_000), now)).toBe('yesterday');
    expect(formatNotificationTime(ago(3 * 24 * 60 * 60_000), now)).toBe('3 days ago');
  });

  it('gives the date after a week', () => {
    expect(formatNotificationTime('2026-02-01T09:00:00Z', now)).toBe('1 Feb 2026');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatNotificationTime('soon', now)).toBe('');
  });
});
