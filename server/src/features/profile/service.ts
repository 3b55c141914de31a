import { CURRENT_PASSWORD_REQUIRED, type UpdateProfileRequest, type User } from '@kora/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { BadRequest, Conflict, NotFound } from '../../http/errors.js';
import { presentUser } from '../auth/presenter.js';
import type { UserRow } from '../auth/queries.js';
import { confirmCurrentPassword } from '../auth/service.js';
import type { ProfileChanges, ProfileQueries } from './queries.js';

export const PROFILE_EMAIL_TAKEN = 'An account with this email already exists.';

/**
 * What the request changes (spec section 5: an empty or unchanged value changes nothing).
 * Bio and phone are optional, so for them an empty value is a change: it clears them.
 */
export function profileChanges(user: UserRow, request: UpdateProfileRequest): ProfileChanges {
  const changes: ProfileChanges = {};
  const { firstName, lastName, email, bio, phone } = request;
  if (firstName && firstName !== user.firstName) changes.firstName = firstName;
  if (lastName && lastName !== user.lastName) changes.lastName = lastName;
  if (email && email !== user.email) changes.email = email;
  if (bio !== undefined && bio !== (user.bio ?? '')) changes.bio = bio || null;
  if (phone !== undefined && phone !== (user.phone ?? '')) changes.phone = phone || null;
  return changes;
}

export function createProfileService(deps: {
  queries: ProfileQueries;
  /** Forgets what is remembered of the user (the session cache), so the next request sees the change. */
  onUserChanged: (userId: number) => void;
  /** Whether this server confirms addresses (features/account-email), for the user it answers. */
  confirmsEmail: boolean;
  /**
   * Where addresses are confirmed, a new one waits for the link sent to it (features/account-email)
   * instead of applying at once; absent, it applies with the rest.
   */
  startEmailChange?: (user: UserRow, newEmail: string) => Promise<void>;
}) {
  const { queries, onUserChanged, confirmsEmail, startEmailChange } = deps;

  return {
    async updateProfile(user: UserRow, request: UpdateProfileRequest): Promise<User> {
      const changes = profileChanges(user, request);
      if (Object.keys(changes).length === 0) return presentUser(user, confirmsEmail);
      if (changes.email) {
        // The e-mail is what one signs in with: a stolen session alone must not move the account
        // away from its owner. Checked first, so only the owner learns whether an address is taken.
        if (!request.currentPassword) throw new BadRequest(CURRENT_PASSWORD_REQUIRED);
        await confirmCurrentPassword(user, request.currentPassword);
        if (await queries.isEmailTaken(changes.email, user.id)) throw new Conflict(PROFILE_EMAIL_TAKEN);
        if (startEmailChange) {
          await startEmailChange(user, changes.email);
          delete changes.email;
          if (Object.keys(changes).length === 0) return presentUser(user, confirmsEmail);
        }
      }
      let updated: UserRow | undefined;
      try {
        updated = await queries.updateUser(user.id, changes);
      } catch (error) {
        // Another account took the address between the check and the update: the unique index decides.
        if (isUniqueViolation(error)) throw new Conflict(PROFILE_EMAIL_TAKEN);
        throw error;
      } finally {
        onUserChanged(user.id);
      }
      if (!updated) throw new NotFound('User not found');
      return presentUser(updated, confirmsEmail);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
