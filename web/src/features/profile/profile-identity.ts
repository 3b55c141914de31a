import type { User } from '@kora/contracts';

/** Spec section 2: the handle is '@' and the part of the e-mail before the '@'. */
export function profileHandle(email: string): string {
  const at = email.indexOf('@');
  return `@${at === -1 ? email : email.slice(0, at)}`;
}

export function profileInitials(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The join date the spec fixes for every account. */
export const PROFILE_JOIN_DATE = 'March 2023';
