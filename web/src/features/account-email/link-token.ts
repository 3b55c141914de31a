import { LINK_TOKEN_PARAM } from '@kora/contracts';

/**
 * The token of an e-mailed link, from the page's fragment (`#token=…`): the server never receives
 * a fragment, so the token stays out of its logs and of any Referer. Null when there is none.
 */
export function readLinkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_TOKEN_PARAM)?.trim();
  return token ? token : null;
}
