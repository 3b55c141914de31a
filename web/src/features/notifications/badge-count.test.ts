import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './badge-count';

describe('formatBadgeCount', () => {
  it('shows nothing when there is nothing unread', () => {
    expect(formatBadgeCount(0)).toBeNull();
  });

  it('shows the count up to 9, then 9+', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(250)).toBe('9+');
  });
});
