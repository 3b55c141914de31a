import type { DeviceSessions } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../src/db/schema.js';
import { hashSessionToken } from '../../src/features/auth/session-token.js';
import { SESSION_LISTS_PER_MINUTE, SESSION_SIGN_OUTS_PER_MINUTE, SESSIONS_RATE_LIMIT_MESSAGE } from '../../src/features/sessions/routes.js';
import { SESSION_NOT_FOUND } from '../../src/features/sessions/service.js';
import type { SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { CHROME_ANDROID, FIREFOX_WINDOWS, logIn, SAFARI_IPHONE, signUpOn } from './session-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const listSessions = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: { cookie } });
const signOutSession = (cookie: string, id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers: { cookie, ...headers } });
const signOutOthers = (cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/sessions/sign-out-others', headers: { cookie, ...headers } });
const whoAmI = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode;

async function sessionsOf(cookie: string): Promise<DeviceSessions['sessions']> {
  const response = await listSessions(cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as DeviceSessions).sessions;
}

/** A listener signed up on Chrome on Android, then signed in on an iPhone and on Windows. */
async function listenerOnThreeDevices(): Promise<{ phone: SignedInUser; iphone: string; laptop: string }> {
  const phone = await signUpOn(t.app, CHROME_ANDROID);
  const iphone = (await logIn(t.app, phone.credentials, { userAgent: SAFARI_IPHONE })).cookie;
  const laptop = (await logIn(t.app, phone.credentials, { userAgent: FIREFOX_WINDOWS })).cookie;
  return { phone, iphone, laptop };
}

describe('GET /api/user/sessions', () => {
  it("lists where the listener is signed in, with browser, system, first and last seen, and marks this device", async () => {
    const { phone, iphone } = await listenerOnThreeDevices();
    const response = await listSessions(iphone);
    expect(response.statusCode).toBe(200);
    // One listener's data, kept by no cache (the API's headers, http/security-headers.ts).
    expect(response.headers['cache-control']).toBe('private, no-store');
    const list = (response.json() as DeviceSessions).sessions;

    expect(list.map(({ browser, system, isCurrent }) => ({ browser, system, isCurrent }))).toEqual([
      { browser: 'Safari', system: 'iOS', isCurrent: true },
      { browser: 'Firefox', system: 'Windows', isCurrent: false },
      { browser: 'Chrome', system: 'Android', isCurrent: false },
    ]);
    for (const session of list) {
      expect(session.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(Date.parse(session.firstSeenAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt));
    }
    // Never a token or its hash: the ids are the sessions' public ids.
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, phone.user.id));
    for (const row of stored) expect(response.body).not.toContain(row.tokenHash);
    expect(response.body).not.toContain(phone.cookie.split('=')[1]);
  });

  it("shows only the listener's own sessions", async () => {
    const { phone } = await listenerOnThreeDevices();
    const other = await signUpOn(t.app, CHROME_ANDROID);
    const mine = await sessionsOf(phone.cookie);
    const theirs = await sessionsOf(other.cookie);
    expect(mine).toHaveLength(3);
    expect(theirs).toHaveLength(1);
    expect(mine.map((s) => s.id)).not.toContain(theirs[0]!.id);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/sessions/sign-out-others' })).statusCode).toBe(401);
    const { phone } = await listenerOnThreeDevices();
    const [session] = await sessionsOf(phone.cookie);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${session!.id}` })).statusCode).toBe(401);
  });

  it('says "Unknown browser" for a client it cannot name', async () => {
    const listener = await signUpOn(t.app, 'curl/8.5.0');
    const [session] = await sessionsOf(listener.cookie);
    expect(session).toMatchObject({ browser: 'Unknown browser', system: 'Unknown system', isCurrent: true });
  });
});

describe('last seen', () => {
  /** A listener on three devices, signed in at `start` on a faked clock, and how the phone sees the laptop's last seen. */
  async function devicesSignedInAt(start: Date) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const devices = await listenerOnThreeDevices();
    const laptopSession = async () => (await sessionsOf(devices.phone.cookie)).find((s) => s.browser === 'Firefox')!;
    return { ...devices, laptopSession, laptopSeen: async () => (await laptopSession()).lastSeenAt };
  }

  it('moves forward at most once every five minutes, without emptying the read caches', async () => {
    const start = new Date('2031-05-01T10:00:00Z');
    const { laptop, laptopSession, laptopSeen } = await devicesSignedInAt(start);
    expect(await laptopSeen()).toBe(start.toISOString());

    // Within the interval (and past the session cache's minute): nothing is written.
    vi.setSystemTime(new Date(start.getTime() + 4 * 60_000));
    expect(await whoAmI(laptop)).toBe(200);
    expect(await laptopSeen()).toBe(start.toISOString());

    const later = new Date(start.getTime() + 6 * 60_000);
    vi.setSystemTime(later);
    const version = t.database.writeVersion?.();
    expect(await whoAmI(laptop)).toBe(200);
    expect(t.database.writeVersion?.()).toBe(version);
    expect(await laptopSeen()).toBe(later.toISOString());
    expect((await laptopSession()).firstSeenAt).toBe(start.toISOString());
  });

  it('moves forward once the interval has passed, though the session is answered from the cache', async () => {
    const start = new Date('2031-06-01T10:00:00Z');
    const { laptop, laptopSeen } = await devicesSignedInAt(start);

    // Read again from the database (the cache's minute has passed) and cached, still within the interval.
    vi.setSystemTime(new Date(start.getTime() + 4.5 * 60_000));
    expect(await whoAmI(laptop)).toBe(200);
    expect(await laptopSeen()).toBe(start.toISOString());

    // Within the cache's minute, past the interval: the cached session's last seen is written.
    const later = new Date(start.getTime() + 5.2 * 60_000);
    vi.setSystemTime(later);
    expect(await whoAmI(laptop)).toBe(200);
    expect(await laptopSeen()).toBe(later.toISOString());
  });
});

describe('DELETE /api/user/sessions/{id}', () => {
  it('signs another device out at once, even while its session is cached', async () => {
    const { phone, iphone } = await listenerOnThreeDevices();
    // The iPhone's session is now in the session cache (with the embedded database).
    expect(await whoAmI(iphone)).toBe(200);
    const target = (await sessionsOf(phone.cookie)).find((s) => s.browser === 'Safari')!;

    const response = await signOutSession(phone.cookie, target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedOut: 1, currentSignedOut: false });
    expect(response.cookies.find((c) => c.name === 'kora_session')).toBeUndefined();

    expect(await whoAmI(iphone)).toBe(401);
    expect(await whoAmI(phone.cookie)).toBe(200);
    expect((await sessionsOf(phone.cookie)).map((s) => s.browser)).toEqual(['Chrome', 'Firefox']);
    // Gone for good: a second sign-out of it finds nothing.
    expect((await signOutSession(phone.cookie, target.id)).statusCode).toBe(404);
  });

  it("cannot sign out another listener's session: 404, and that session goes on", async () => {
    const { phone } = await listenerOnThreeDevices();
    const other = await signUpOn(t.app, CHROME_ANDROID);
    const [theirs] = await sessionsOf(other.cookie);

    const response = await signOutSession(phone.cookie, theirs!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SESSION_NOT_FOUND });
    expect(await whoAmI(other.cookie)).toBe(200);
  });

  it.each(['not-a-session', '123', `${'0'.repeat(8)}-0000-0000-0000-00000000000`])('refuses the id %s with a clear 400', async (id) => {
    const { phone } = await listenerOnThreeDevices();
    const response = await signOutSession(phone.cookie, id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The session id must be one from GET /api/user/sessions.' });
    expect(await sessionsOf(phone.cookie)).toHaveLength(3);
  });

  it('signs this device out when it is the one named, and clears its cookie', async () => {
    const { phone, laptop } = await listenerOnThreeDevices();
    const current = (await sessionsOf(laptop)).find((s) => s.isCurrent)!;
    const response = await signOutSession(laptop, current.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedOut: 1, currentSignedOut: true });
    const cleared = response.cookies.find((c) => c.name === 'kora_session');
    expect(cleared?.value).toBe('');
    expect(await whoAmI(laptop)).toBe(401);
    expect(await sessionsOf(phone.cookie)).toHaveLength(2);
  });

  it('is refused from another site, and changes nothing', async () => {
    const { phone } = await listenerOnThreeDevices();
    const [, other] = await sessionsOf(phone.cookie);
    const fromElsewhere = await signOutSession(phone.cookie, other!.id, { origin: 'https://evil.example' });
    expect(fromElsewhere.statusCode).toBe(403);
    const crossSite = await signOutSession(phone.cookie, other!.id, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await sessionsOf(phone.cookie)).toHaveLength(3);
  });
});

describe('POST /api/user/sessions/sign-out-others', () => {
  it('signs out every other device and keeps this one', async () => {
    const { phone, iphone, laptop } = await listenerOnThreeDevices();
    const other = await signUpOn(t.app, CHROME_ANDROID);
    expect(await whoAmI(laptop)).toBe(200);

    const response = await signOutOthers(iphone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedOut: 2, currentSignedOut: false });
    expect(await whoAmI(iphone)).toBe(200);
    expect(await whoAmI(laptop)).toBe(401);
    expect(await whoAmI(phone.cookie)).toBe(401);
    expect((await sessionsOf(iphone)).map((s) => s.isCurrent)).toEqual([true]);
    // Another listener's sessions are not touched.
    expect(await whoAmI(other.cookie)).toBe(200);

    expect((await signOutOthers(iphone)).json()).toEqual({ signedOut: 0, currentSignedOut: false });
  });

  it('counts only the devices the list shows, not sessions that have expired', async () => {
    const { phone, laptop } = await listenerOnThreeDevices();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.tokenHash, hashSessionToken(laptop.split('=')[1]!)));
    expect(await sessionsOf(phone.cookie)).toHaveLength(2);
    expect((await signOutOthers(phone.cookie)).json()).toEqual({ signedOut: 1, currentSignedOut: false });
  });

  it('is refused from another site, and changes nothing', async () => {
    const { phone } = await listenerOnThreeDevices();
    expect((await signOutOthers(phone.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await signOutOthers(phone.cookie, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await sessionsOf(phone.cookie)).toHaveLength(3);
  });
});

describe('rate limits', () => {
  it('limits each listener’s sign-outs, and not another listener’s', async () => {
    const { phone } = await listenerOnThreeDevices();
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const statuses: number[] = [];
    for (let i = 0; i <= SESSION_SIGN_OUTS_PER_MINUTE; i++) statuses.push((await signOutSession(phone.cookie, unknownId)).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    const limited = await signOutSession(phone.cookie, unknownId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SESSIONS_RATE_LIMIT_MESSAGE });
    // Refused before it is done: the other sessions are still signed in.
    expect((await signOutOthers(phone.cookie)).statusCode).toBe(200);

    const other = await signUpOn(t.app, CHROME_ANDROID);
    expect((await signOutSession(other.cookie, unknownId)).statusCode).toBe(404);
  });

  it('limits listing', async () => {
    const listener = await signUpOn(t.app, CHROME_ANDROID);
    for (let i = 0; i < SESSION_LISTS_PER_MINUTE; i++) expect((await listSessions(listener.cookie)).statusCode).toBe(200);
    const limited = await listSessions(listener.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SESSIONS_RATE_LIMIT_MESSAGE });
  });
});

describe('the stored session', () => {
  it('keeps only the token hash and a random public id', async () => {
    const listener = await signUpOn(t.app, CHROME_ANDROID);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, listener.user.id));
    expect(row!.tokenHash).toBe(hashSessionToken(listener.cookie.split('=')[1]!));
    expect(row!.publicId).not.toContain(row!.tokenHash.slice(0, 8));
  });
});
