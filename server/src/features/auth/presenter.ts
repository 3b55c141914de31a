import type { User } from '@kora/contracts';
import type { UserRow } from './queries.js';

/** The only way a user row leaves the server: never with its password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    bio: row.bio,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
  };
}
