import { useLocation } from 'react-router';
import { readLinkToken } from './link-token';

/** The token of the e-mailed link this page was opened with, or null. */
export function useLinkToken(): string | null {
  return readLinkToken(useLocation().hash);
}
