import type { User } from '@kora/contracts';

/** Spec section 2: the handle is '@' and the part of the e-mail before the '@'. */
export function profileHandle(email: string): string {
  const at = email.indexOf('@');
  return `@${at === -1 ? email : email.slice(0, at)}`;
}

export function profileInitials(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

// In the viewer's own time zone: an account made late on 30 November in Lagos joined in November.
const joinMonthFormat = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric' });

/** The month and year the account was made, from the user's `createdAt`: 'November 2026'. */
export function formatJoinMonth(createdAt: string): string {
  return joinMonthFormat.format(new Date(createdAt));
}
