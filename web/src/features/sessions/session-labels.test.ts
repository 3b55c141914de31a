import { describe, expect, it } from 'vitest';
import { describeSession, deviceKind, formatFirstSeen, formatLastSeen } from './session-labels';

const now = Date.parse('2026-03-07T12:00:00Z');
const seen = (msAgo: number, isCurrent = false) => ({ lastSeenAt: new Date(now - msAgo).toISOString(), isCurrent });
const MINUTE = 60_000;

describe('formatLastSeen', () => {
  it('says "Active now" within the five minutes the server notes it at, and always for this device', () => {
    expect(formatLastSeen(seen(0), now)).toBe('Active now');
    expect(formatLastSeen(seen(4 * MINUTE + 59_000), now)).toBe('Active now');
    expect(formatLastSeen(seen(3 * 24 * 60 * MINUTE, true), now)).toBe('Active now');
  });

  it('says how long ago in minutes, hours, then days', () => {
    expect(formatLastSeen(seen(5 * MINUTE), now)).toBe('Active 5 minutes ago');
    expect(formatLastSeen(seen(59 * MINUTE), now)).toBe('Active 59 minutes ago');
    expect(formatLastSeen(seen(60 * MINUTE), now)).toBe('Active 1 hour ago');
    expect(formatLastSeen(seen(23 * 60 * MINUTE), now)).toBe('Active 23 hours ago');
    expect(formatLastSeen(seen(24 * 60 * MINUTE), now)).toBe('Active yesterday');
    expect(formatLastSeen(seen(2 * 24 * 60 * MINUTE), now)).toBe('Active 2 days ago');
  });

  it('gives the date after a month', () => {
    expect(formatLastSeen(seen(45 * 24 * 60 * MINUTE), now)).toBe('Last active 21 Jan 2026');
  });

  it('does not say "in 2 minutes" for a clock a little behind the server', () => {
    expect(formatLastSeen(seen(-2 * MINUTE), now)).toBe('Active now');
  });
});

describe('session labels', () => {
  it('names the browser and system', () => {
    expect(describeSession({ browser: 'Chrome', system: 'Android' })).toBe('Chrome on Android');
    expect(describeSession({ browser: 'Unknown browser', system: 'Unknown system' })).toBe('Unknown browser');
  });

  it('tells phones from computers', () => {
    expect(deviceKind({ system: 'iOS' })).toBe('phone');
    expect(deviceKind({ system: 'KaiOS' })).toBe('phone');
    expect(deviceKind({ system: 'Windows' })).toBe('computer');
    expect(deviceKind({ system: 'Unknown system' })).toBe('unknown');
  });

  it('gives the day it signed in', () => {
    expect(formatFirstSeen({ firstSeenAt: '2026-03-07T09:30:00Z' })).toBe('7 Mar 2026');
  });
});
