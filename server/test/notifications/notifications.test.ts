import { markAllReadResponseSchema, notificationSchema, unreadCountSchema, type Notification } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, cookie?: string) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
}

async function list(user: SignedInUser): Promise<Notification[]> {
  const response = await call('GET', '/api/notifications', user.cookie);
  expect(response.statusCode).toBe(200);
  return notificationSchema.strict().array().parse(response.json());
}

async function unread(user: SignedInUser): Promise<number> {
  const response = await call('GET', '/api/notifications/unread-count', user.cookie);
  expect(response.statusCode).toBe(200);
  return unreadCountSchema.strict().parse(response.json()).count;
}

/** Notifications as the events of other features raise them, a minute apart, the last one newest. */
async function addNotifications(user: SignedInUser, count: number, start = Date.now() - 24 * 60 * 60_000) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: user.user.id,
    kind: 'subscription',
    title: `Notice ${i + 1}`,
    message: `Message ${i + 1}`,
    createdAt: new Date(start + i * 60_000),
  }));
  return t.database.db.insert(notifications).values(rows).returning();
}

async function isReadInDb(id: number) {
  const [row] = await t.database.db.select({ isRead: notifications.isRead }).from(notifications).where(eq(notifications.id, id));
  return row?.isRead;
}

describe('notifications', () => {
  it('need a session, every one of them', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/1/read'],
      ['POST', '/api/notifications/mark-all-read'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('a new account has its welcome notification, unread', async () => {
    const user = await signUp(t.app, { firstName: 'Tolu' });
    const [welcome, ...rest] = await list(user);
    expect(rest).toEqual([]);
    expect(welcome).toMatchObject({ kind: 'welcome', title: 'Welcome to Kora!', isRead: false });
    expect(welcome!.message).toContain('Tolu');
    expect(await unread(user)).toBe(1);
  });

  it('lists the newest first, at most 50', async () => {
    const user = await signUp(t.app);
    await addNotifications(user, 60);
    const listed = await list(user);
    expect(listed).toHaveLength(50);
    // The welcome came with the account, after these.
    expect(listed.slice(0, 3).map((notification) => notification.title)).toEqual(['Welcome to Kora!', 'Notice 60', 'Notice 59']);
    expect(listed[49]!.title).toBe('Notice 12');
    const times = listed.map((notification) => Date.parse(notification.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The count is not bounded by the list: all 60 and the welcome are unread.
    expect(await unread(user)).toBe(61);
  });

  it('marks one read, and answers it as it now is', async () => {
    const user = await signUp(t.app);
    const [first, second] = await addNotifications(user, 2);
    const response = await call('POST', `/api/notifications/${first!.id}/read`, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(notificationSchema.strict().parse(response.json())).toMatchObject({ id: first!.id, isRead: true, title: 'Notice 1' });
    expect(await isReadInDb(first!.id)).toBe(true);
    expect(await isReadInDb(second!.id)).toBe(false);
    expect(await unread(user)).toBe(2);
    // Marking it again is harmless.
    expect((await call('POST', `/api/notifications/${first!.id}/read`, user.cookie)).statusCode).toBe(200);
    expect(await unread(user)).toBe(2);
  });

  it('marks all read and says how many were unread', async () => {
    const user = await signUp(t.app);
    const [first] = await addNotifications(user, 3);
    await call('POST', `/api/notifications/${first!.id}/read`, user.cookie);
    const response = await call('POST', '/api/notifications/mark-all-read', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(markAllReadResponseSchema.strict().parse(response.json())).toEqual({ updated: 3 });
    expect(await unread(user)).toBe(0);
    expect((await list(user)).every((notification) => notification.isRead)).toBe(true);
    expect((await call('POST', '/api/notifications/mark-all-read', user.cookie)).json()).toEqual({ updated: 0 });
  });

  it("never shows, counts or marks another user's", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const [aNotice] = await addNotifications(a, 2);
    expect((await list(b)).map((notification) => notification.kind)).toEqual(['welcome']);
    expect(await unread(b)).toBe(1);

    const markOther = await call('POST', `/api/notifications/${aNotice!.id}/read`, b.cookie);
    expect(markOther.statusCode).toBe(404);
    expect(markOther.json()).toEqual({ message: 'Notification not found' });
    expect(await isReadInDb(aNotice!.id)).toBe(false);

    expect((await call('POST', '/api/notifications/mark-all-read', b.cookie)).json()).toEqual({ updated: 1 });
    expect(await unread(a)).toBe(3);
    const aUnread = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.isRead, false)));
    expect(aUnread).toHaveLength(3);
  });

  it('answers 404 for ids that name no notification, 400 for ids that are not numbers', async () => {
    const user = await signUp(t.app);
    for (const id of ['0', '999999', '99999999999']) {
      const response = await call('POST', `/api/notifications/${id}/read`, user.cookie);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Notification not found' });
    }
    for (const id of ['abc', '-1', '1.5', '1e3']) {
      const response = await call('POST', `/api/notifications/${id}/read`, user.cookie);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({ message: 'Notification id must be a number' });
    }
    expect(await unread(user)).toBe(1);
  });
});
