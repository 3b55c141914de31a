import { userSchema, type User } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

function patch(cookie: string | undefined, payload: unknown) {
  return t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: cookie ? { cookie } : {}, payload: payload as object });
}

async function update(user: SignedInUser, payload: object): Promise<User> {
  const response = await patch(user.cookie, payload);
  expect(response.statusCode, response.body).toBe(200);
  return userSchema.strict().parse(response.json());
}

async function currentUser(user: SignedInUser): Promise<User> {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } });
  return userSchema.strict().parse(response.json());
}

async function rowOf(user: SignedInUser) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
  return row!;
}

describe('PATCH /api/user/profile', () => {
  it('needs a session', async () => {
    expect((await patch(undefined, { firstName: 'Ada' })).statusCode).toBe(401);
  });

  it('a new user has no phone or bio', async () => {
    const user = await signUp(t.app);
    expect(await currentUser(user)).toMatchObject({ phone: null, bio: null });
  });

  it('changes the fields sent and returns the user, as GET /api/auth/user then shows it', async () => {
    const user = await signUp(t.app, { firstName: 'Adaeze', lastName: 'Okafor' });
    const updated = await update(user, {
      firstName: '  Ada ',
      lastName: 'Obi',
      bio: 'Highlife on Sundays.',
      phone: '+234 803 555 0101',
    });
    expect(updated).toEqual({
      ...user.user,
      firstName: 'Ada',
      lastName: 'Obi',
      bio: 'Highlife on Sundays.',
      phone: '+234 803 555 0101',
    });
    // Seen at once by the next request on the same session (no stale session cache).
    expect(await currentUser(user)).toEqual(updated);
  });

  it('changes nothing for empty or unchanged names and e-mail', async () => {
    const user = await signUp(t.app, { firstName: 'Bola', lastName: 'Ade' });
    const before = await rowOf(user);
    const same = await update(user, { firstName: '', lastName: '   ', email: '' });
    expect(same).toEqual(user.user);
    expect(await update(user, { firstName: 'Bola', email: user.user.email.toUpperCase() })).toEqual(user.user);
    expect(await update(user, {})).toEqual(user.user);
    expect(await rowOf(user)).toEqual(before);
  });

  it('clears bio and phone with an empty value', async () => {
    const user = await signUp(t.app);
    await update(user, { bio: 'Fuji forever', phone: '08035550101' });
    const cleared = await update(user, { bio: '', phone: '  ' });
    expect(cleared).toMatchObject({ bio: null, phone: null });
    expect(await rowOf(user)).toMatchObject({ bio: null, phone: null });
  });

  it('changes the e-mail, lowercased, with the current password, and the user signs in with the new one', async () => {
    const user = await signUp(t.app);
    const email = `New-${user.credentials.email}`.toUpperCase();
    expect((await update(user, { email, currentPassword: user.credentials.password })).email).toBe(email.toLowerCase());
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: email.toLowerCase(), password: user.credentials.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['without the current password', {}, 'Please enter your current password.'],
    ['with an empty current password', { currentPassword: '' }, 'Please enter your current password.'],
    ['with a wrong current password', { currentPassword: 'not-my-password' }, 'Your current password is not correct.'],
  ])('refuses a new e-mail %s with a 400 and changes nothing', async (_case, extra, message) => {
    const user = await signUp(t.app, { firstName: 'Dayo' });
    const before = await rowOf(user);
    const response = await patch(user.cookie, { firstName: 'Dami', email: `moved-${user.credentials.email}`, ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await rowOf(user)).toEqual(before);
  });

  it('does not ask for the password when the e-mail stays the same', async () => {
    const user = await signUp(t.app);
    const updated = await update(user, { email: user.user.email.toUpperCase(), bio: 'Juju' });
    expect(updated).toMatchObject({ email: user.user.email, bio: 'Juju' });
  });

  it("refuses an e-mail another account has, with 409, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const user = await signUp(t.app, { firstName: 'Chidi' });
    const response = await patch(user.cookie, {
      firstName: 'Chika',
      email: owner.user.email.toUpperCase(),
      currentPassword: user.credentials.password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists.' });
    expect(await rowOf(user)).toMatchObject({ firstName: 'Chidi', email: user.user.email });
  });

  it('does not tell whether an address is taken without the right password', async () => {
    const owner = await signUp(t.app);
    const user = await signUp(t.app);
    for (const email of [owner.user.email, `free-${owner.user.email}`]) {
      const response = await patch(user.cookie, { email, currentPassword: 'a-guess' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Your current password is not correct.' });
    }
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ phone: 'call me' }, 'Please enter a valid phone number'],
    [{ firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    [{ bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
    [{ firstName: 42 }, 'First name must be text'],
  ])('refuses %j with a message and changes nothing', async (payload, message) => {
    const user = await signUp(t.app);
    const before = await rowOf(user);
    const response = await patch(user.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await rowOf(user)).toEqual(before);
  });

  it('refuses fields it does not know, such as the password', async () => {
    const user = await signUp(t.app);
    const before = await rowOf(user);
    const response = await patch(user.cookie, { passwordHash: 'x', firstName: 'Eve' });
    expect(response.statusCode).toBe(400);
    expect(await rowOf(user)).toEqual(before);
  });

  it("changes only the caller's own profile", async () => {
    const a = await signUp(t.app, { firstName: 'Amaka' });
    const b = await signUp(t.app);
    await update(b, { firstName: 'Bisi', bio: 'mine' });
    expect(await rowOf(a)).toMatchObject({ firstName: 'Amaka', bio: null });
    expect(await currentUser(a)).toMatchObject({ firstName: 'Amaka' });
  });
});

describe('PATCH /api/user/profile rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authRateLimit: { max: 3, windowMs: 60_000 } });
  }, 60_000);
  afterAll(() => limited.close());

  const patchOn = (user: SignedInUser, payload: object) =>
    limited.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie: user.cookie }, payload });

  it('counts e-mail changes, wrong passwords included, and answers 429 beyond the limit', async () => {
    const user = await signUp(limited.app);
    for (let i = 0; i < 3; i++) {
      const response = await patchOn(user, { email: `probe-${i}-${user.credentials.email}`, currentPassword: `guess-${i}` });
      expect(response.statusCode).toBe(400);
    }
    const blocked = await patchOn(user, { email: `moved-${user.credentials.email}`, currentPassword: user.credentials.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
    const [row] = await limited.database.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.email).toBe(user.user.email);

    // Names, bio and phone are not counted: they check no password and reveal nothing.
    const rename = await patchOn(user, { firstName: 'Still', bio: 'free to edit' });
    expect(rename.statusCode).toBe(200);
  });
});
