import { z } from 'zod';

/** Every non-OK API answer has this body (spec section 8 turns it into 'status: body'). */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** PostgreSQL text cannot hold U+0000, and no name, message or search needs it. */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character.';
