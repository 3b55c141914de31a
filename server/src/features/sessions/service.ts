import type { DeviceSessions, SessionsSignedOut } from '@kora/contracts';
import { NotFound } from '../../http/errors.js';
import type { UserRow } from '../auth/queries.js';
import type { NewSession } from '../auth/service.js';
import type { SessionCache } from '../auth/session-cache.js';
import { queueMail } from '../mail/queue-mail.js';
import { newSignInMail } from '../mail/templates/account-mails.js';
import { presentSession } from './presenter.js';
import type { SessionQueries } from './queries.js';
import { describeDevice, describeUserAgent } from './user-agent.js';

/** Also the answer for another account's session: whether it exists is none of the asker's business. */
export const SESSION_NOT_FOUND = 'That session is not signed in any more.';

/** Where the "New sign-in" e-mail sends the listener: Settings, at the list of devices (web/src/features/sessions). */
const DEVICES_SETTINGS_PATH = '/?settings=devices';

/**
 * The places a listener is signed in: each sign-in's session with its browser, and signing any of
 * them out. Sessions ended here leave the session cache at once (features/auth/session-cache.ts);
 * it exists only with the embedded database, where this process is the only one serving requests.
 */
export function createSessionService(deps: {
  queries: SessionQueries;
  cache?: SessionCache;
  /** Where the e-mail's link leads (config.linkOrigin), never a request's Host. */
  linkOrigin: string;
  now?: () => Date;
}) {
  const { queries, cache, linkOrigin } = deps;
  const now = deps.now ?? (() => new Date());
  const securityUrl = new URL(DEVICES_SETTINGS_PATH, linkOrigin).href;

  function forget(tokenHashes: string[]): void {
    for (const tokenHash of tokenHashes) cache?.delete(tokenHash);
  }

  return {
    /**
     * Stores a session as it starts. A sign-in from a browser the account has never used queues
     * "New sign-in" in the same transaction; a sign-up only makes its browser known.
     */
    async recordSession(session: NewSession): Promise<void> {
      const { user } = session;
      await queries.insertSession(
        { tokenHash: session.tokenHash, userId: user.id, createdAt: session.startedAt, lastSeenAt: session.startedAt, expiresAt: session.expiresAt, userAgent: session.userAgent },
        session.deviceId,
        async (tx) => {
          if (session.isNewAccount) return;
          const device = describeDevice(describeUserAgent(session.userAgent));
          await queueMail(
            tx,
            { address: user.email, name: user.firstName },
            newSignInMail({ name: user.firstName, at: session.startedAt, device, ipAddress: session.ipAddress, securityUrl }),
          );
        },
      );
    },

    /** This device first, then the others as recently seen. */
    async listSessions(user: UserRow, currentTokenHash: string): Promise<DeviceSessions> {
      const rows = await queries.listSessions(user.id, now());
      const sessions = rows.map((row) => presentSession(row, currentTokenHash));
      return { sessions: [...sessions.filter((s) => s.isCurrent), ...sessions.filter((s) => !s.isCurrent)] };
    },

    /** Signs out one of the user's sessions; when it is the asking one, the caller clears its cookie. */
    async signOut(user: UserRow, publicId: string, currentTokenHash: string): Promise<SessionsSignedOut> {
      const tokenHash = await queries.deleteSession(user.id, publicId);
      if (tokenHash === undefined) throw new NotFound(SESSION_NOT_FOUND);
      forget([tokenHash]);
      return { signedOut: 1, currentSignedOut: tokenHash === currentTokenHash };
    },

    async signOutOthers(user: UserRow, currentTokenHash: string): Promise<SessionsSignedOut> {
      const removed = await queries.deleteOtherSessions(user.id, currentTokenHash, now());
      forget(removed);
      return { signedOut: removed.length, currentSignedOut: false };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
