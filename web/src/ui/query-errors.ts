/** The API layer throws 'status: body' (spec section 8); a 404 means the thing asked for does not exist. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404:');
}

/**
 * Whether a list failed as a whole: a later page that fails (an infinite query's next page) keeps
 * what is shown, its failure said at its Show more button instead.
 */
export function failedAsWhole(query: { isError: boolean; isFetchNextPageError?: boolean }): boolean {
  return query.isError && !query.isFetchNextPageError;
}
