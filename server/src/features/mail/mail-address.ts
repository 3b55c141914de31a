import { z } from 'zod';

/** An e-mail's recipient or sender: the address, and the name mail apps show for it. */
export type MailAddress = { address: string; name?: string };

const DISPLAY_NAME_MAX_CHARS = 120;

// The contracts' own check (contracts/src/auth.ts): plain ASCII addresses, nothing a header could misread.
const addressSchema = z.email().max(254);

// Control characters (CR and LF would start a new header), Unicode line and paragraph separators.
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/gu;
// Direction overrides and isolates, which make a name read as something else.
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Text kept to one line, as a header value must be: breaks and control characters become spaces. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKING, ' ').replace(DIRECTION_CONTROLS, '').replace(/\s+/g, ' ').trim();
}

/**
 * A display name that stays a name in the To: header whatever a listener typed: on one line, and
 * without the quotes, backslashes and angle brackets that could close the quoted name or pose as
 * an address of their own.
 */
export function safeDisplayName(name: string): string {
  return [...oneLine(name.replace(/["\\<>]/g, ' '))].slice(0, DISPLAY_NAME_MAX_CHARS).join('').trim();
}

/**
 * The recipient as it may go into a job: the address exactly as Kora stores it (trimmed and
 * lowercased by the contracts when it entered, the one place addresses are normalized), and a
 * safe display name. An address in any other form is a caller's bug, refused rather than fixed here.
 */
export function checkRecipient({ address, name }: MailAddress): MailAddress {
  if (address !== address.trim().toLowerCase() || !addressSchema.safeParse(address).success) {
    throw new Error('An e-mail can go only to a valid address as stored (trimmed and lowercased).');
  }
  const displayName = name === undefined ? '' : safeDisplayName(name);
  return displayName === '' ? { address } : { address, name: displayName };
}

/** Checks a job's stored recipient again before it goes into a header. */
export const recipientSchema = z.object({
  address: addressSchema,
  name: z
    .string()
    .refine((name) => name === safeDisplayName(name), 'not a safe display name')
    .optional(),
});
