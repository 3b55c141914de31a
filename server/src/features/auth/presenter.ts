import type { User } from '@kora/contracts';
import type { UserRow } from './queries.js';

/**
 * The only way a user row leaves the server: never with its password hash. `confirmsEmail`: this
 * server confirms addresses (features/account-email/confirmed-email-check.ts).
 */
export function presentUser(row: UserRow, confirmsEmail: boolean): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    bio: row.bio,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    emailConfirmed: row.emailConfirmedAt !== null,
    emailConfirmationNeeded: confirmsEmail && row.emailConfirmedAt === null,
  };
}
