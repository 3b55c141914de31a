import type { z } from 'zod';
import { BadRequest } from './errors.js';

/** Parses input with a contract; the first problem becomes a 400 the user can read. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  const message = issue?.message ?? 'Invalid input';
  // zod's generic type messages name no field; say which one is wrong.
  throw new BadRequest(field && /^Invalid input/.test(message) ? `${field}: ${message}` : message);
}
