import type { UpdateProfileRequest, User } from '@kora/contracts';

export type EditableProfileField = keyof UpdateProfileRequest & keyof User;
export type ProfileFormValues = Partial<Record<EditableProfileField, string>>;

function normalize(field: EditableProfileField, value: string): string {
  const trimmed = value.trim();
  return field === 'email' ? trimmed.toLowerCase() : trimmed;
}

/**
 * The edits worth sending (spec section 5): a field left empty or unchanged is ignored, so an
 * untouched form sends nothing at all.
 */
export function pickProfileChanges(user: User, values: ProfileFormValues): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {};
  for (const [field, value] of Object.entries(values) as [EditableProfileField, string | undefined][]) {
    if (value === undefined) continue;
    const next = normalize(field, value);
    const current = normalize(field, user[field] ?? '');
    if (next !== '' && next !== current) changes[field] = next;
  }
  return changes;
}

/** Whether the typed address is a new one, for which the server also asks the current password. */
export function isNewEmail(user: User, email: string): boolean {
  return pickProfileChanges(user, { email }).email !== undefined;
}

/** The request to send: a new e-mail address goes with the current password, other edits without it. */
export function withCurrentPassword(changes: UpdateProfileRequest, currentPassword: string): UpdateProfileRequest {
  return changes.email === undefined ? changes : { ...changes, currentPassword };
}
