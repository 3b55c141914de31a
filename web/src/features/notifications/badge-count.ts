import { NOTIFICATION_BADGE_MAX } from '@kora/contracts';

/** The bell's badge (spec section 9): the count up to 9, then '9+'; nothing when all are read. */
export function formatBadgeCount(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread);
}
