/** The API layer throws 'status: body' (spec section 8); a 404 means the thing asked for does not exist. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404:');
}
