import { z } from 'zod';

/* ---------- Devices and sessions (Settings → Where you're signed in) ---------- */

/**
 * One place the listener is signed in. `id` is the session's public id, never its token or the
 * token's hash; browser and system are read from the User-Agent it signed in with.
 */
export const deviceSessionSchema = z.object({
  id: z.string(),
  /** 'Chrome', 'Safari', 'Samsung Internet'…, or 'Unknown browser'. */
  browser: z.string(),
  /** 'Android', 'iOS', 'Windows'…, or 'Unknown system'. */
  system: z.string(),
  /** When it signed in. */
  firstSeenAt: z.string(),
  /** Its last request, to within SESSION_LAST_SEEN_INTERVAL_MS. */
  lastSeenAt: z.string(),
  /** The session of the request that asked: this device. */
  isCurrent: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** GET /api/user/sessions: this device first, then the most recently seen. */
export const deviceSessionsSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type DeviceSessions = z.infer<typeof deviceSessionsSchema>;

/** DELETE /api/user/sessions/{id} */
export const deviceSessionParamsSchema = z.object({
  id: z.uuid({ error: 'The session id must be one from GET /api/user/sessions.' }),
});

/**
 * The answer to DELETE /api/user/sessions/{id} and POST /api/user/sessions/sign-out-others: how
 * many sessions ended, and whether the asking one was among them (its cookie is cleared).
 */
export const sessionsSignedOutSchema = z.object({ signedOut: z.number().int(), currentSignedOut: z.boolean() });
export type SessionsSignedOut = z.infer<typeof sessionsSignedOutSchema>;
