import {
  LINK_EXPIRED_MESSAGE,
  LINK_FOREIGN_MESSAGE,
  LINK_NOT_VALID_MESSAGE,
  LINK_OUTDATED_MESSAGE,
  LINK_TOKEN_PARAM,
  LINK_USED_MESSAGE,
} from '@kora/contracts';
import type { Db } from '../../db/client.js';
import { BadRequest, Forbidden } from '../../http/errors.js';
import type { UserRow } from '../auth/queries.js';
import { createSessionToken, hashSessionToken, isWellFormedToken } from '../auth/session-token.js';
import type { AccountEmailQueries, AccountTokenPurpose, AccountTokenRow } from './queries.js';

/**
 * A link's token: 256 random bits, of which only the SHA-256 is stored (as for sessions), so a
 * leaked table holds no usable link.
 */
export function createLinkToken(): { token: string; tokenHash: string } {
  const token = createSessionToken();
  return { token, tokenHash: hashSessionToken(token) };
}

/**
 * An absolute link to one of the app's pages, on the configured origin (PUBLIC_ORIGIN), never on
 * the Host a request named: a forged Host would otherwise put an attacker's site in a reset e-mail.
 * The token goes in the fragment, which browsers never send to a server: it stays out of access
 * logs, proxies and Referer headers.
 */
export function accountLink(origin: string, page: string, token: string): string {
  return `${origin}${page}#${LINK_TOKEN_PARAM}=${token}`;
}

/** Who opens a link: the signed-in user of the request, if any (a link works signed out too). */
export type LinkOpener = { signedInUserId: number | undefined };

/**
 * Why a link cannot be used, in the order that helps most: not one of ours (or not for this page),
 * made for another signed-in account, already used, expired. Throws; changes nothing.
 */
function refuseUnusable(row: AccountTokenRow | undefined, purpose: AccountTokenPurpose, opener: LinkOpener, now: Date): AccountTokenRow {
  if (!row || row.purpose !== purpose) throw new BadRequest(LINK_NOT_VALID_MESSAGE);
  if (opener.signedInUserId !== undefined && opener.signedInUserId !== row.userId) throw new Forbidden(LINK_FOREIGN_MESSAGE);
  if (row.usedAt) throw new BadRequest(LINK_USED_MESSAGE);
  if (row.expiresAt <= now) throw new BadRequest(LINK_EXPIRED_MESSAGE);
  return row;
}

/** A link's row as it is now, without using it (a reset page asks before showing its form). */
export async function inspectLink(
  queries: AccountEmailQueries,
  token: string,
  purpose: AccountTokenPurpose,
  opener: LinkOpener,
  now: Date,
): Promise<AccountTokenRow> {
  if (!isWellFormedToken(token)) throw new BadRequest(LINK_NOT_VALID_MESSAGE);
  return refuseUnusable(await queries.findToken(hashSessionToken(token)), purpose, opener, now);
}

/**
 * Uses a link, inside the caller's transaction: its account and its row locked, the link spent.
 * Whatever the caller then throws rolls the spending back with everything else, so a refused link
 * changes nothing and stays as it was.
 */
export async function useLink(
  tx: Db,
  queries: AccountEmailQueries,
  token: string,
  purpose: AccountTokenPurpose,
  opener: LinkOpener,
  now: Date,
): Promise<{ link: AccountTokenRow; user: UserRow }> {
  if (!isWellFormedToken(token)) throw new BadRequest(LINK_NOT_VALID_MESSAGE);
  const tokenHash = hashSessionToken(token);
  const found = refuseUnusable(await queries.findToken(tokenHash, { tx }), purpose, opener, now);
  // The account first, then its link, the order every change of an account's links takes.
  const user = await queries.lockUser(tx, found.userId);
  // The account is gone (its links would have gone with it): as good as a wrong link.
  if (!user) throw new BadRequest(LINK_NOT_VALID_MESSAGE);
  // Checked again under the lock: a second use of the same link waited here and finds it used.
  const link = refuseUnusable(await queries.findToken(tokenHash, { tx, forUpdate: true }), purpose, opener, now);
  await queries.markTokenUsed(tx, tokenHash, now);
  return { link, user };
}

/**
 * A link speaks for the account only while the account still has the address it was sent for:
 * once the address changes, links sent to the old one (a reset, a confirmation) stop working.
 */
export function refuseOutdated(link: AccountTokenRow, user: UserRow): void {
  if (link.email !== user.email) throw new BadRequest(LINK_OUTDATED_MESSAGE);
}
