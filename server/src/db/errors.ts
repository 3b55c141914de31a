/** PostgreSQL's unique_violation, as raised by pg and PGlite (Drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
