import { SESSION_LAST_SEEN_INTERVAL_MS } from '@kora/contracts';
import type { DeviceSession } from '@kora/contracts';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const calendar = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The server's names for systems that fit in a pocket (features/sessions/user-agent.ts). */
const PHONE_SYSTEMS = new Set(['Android', 'iOS', 'KaiOS']);
const UNKNOWN_SYSTEM = 'Unknown system';

/** "Chrome on Android"; only the browser when the system is unknown. */
export function describeSession({ browser, system }: Pick<DeviceSession, 'browser' | 'system'>): string {
  return system === UNKNOWN_SYSTEM ? browser : `${browser} on ${system}`;
}

export function deviceKind({ system }: Pick<DeviceSession, 'system'>): 'phone' | 'computer' | 'unknown' {
  if (system === UNKNOWN_SYSTEM) return 'unknown';
  return PHONE_SYSTEMS.has(system) ? 'phone' : 'computer';
}

/**
 * When the device was last used: "Active now" within the interval the server notes it at (it is
 * not known more closely), then "Active 20 minutes ago", "Active yesterday", "Active 3 days ago".
 */
export function formatLastSeen(session: Pick<DeviceSession, 'lastSeenAt' | 'isCurrent'>, now: number = Date.now()): string {
  const at = Date.parse(session.lastSeenAt);
  const ago = Math.max(0, now - at);
  if (session.isCurrent || ago < SESSION_LAST_SEEN_INTERVAL_MS) return 'Active now';
  if (ago < HOUR) return `Active ${relative.format(-Math.floor(ago / MINUTE), 'minute')}`;
  if (ago < DAY) return `Active ${relative.format(-Math.floor(ago / HOUR), 'hour')}`;
  if (ago < 30 * DAY) return `Active ${relative.format(-Math.floor(ago / DAY), 'day')}`;
  return `Last active ${calendar.format(at)}`;
}

/** The day the device signed in: "7 Mar 2026". */
export function formatFirstSeen(session: Pick<DeviceSession, 'firstSeenAt'>): string {
  return calendar.format(Date.parse(session.firstSeenAt));
}
