import { SUPPORT_REQUESTS_PER_DAY } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequests } from '../../src/db/schema.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(cookie: string | undefined, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/support/requests', headers: cookie ? { cookie } : {}, payload: payload as object });
}

async function storedFor(userId: number) {
  return t.database.db.select().from(supportRequests).where(eq(supportRequests.userId, userId));
}

describe('POST /api/support/requests', () => {
  it('keeps the trimmed message with the account and answers with a receipt', async () => {
    const { cookie, user } = await signUp(t.app);
    const response = await send(cookie, { message: '  Songs stop after a minute  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), createdAt: expect.any(String) });
    expect(await storedFor(user.id)).toEqual([expect.objectContaining({ message: 'Songs stop after a minute', status: 'open' })]);
  });

  it.each([
    [{ message: '   ' }, 'Please tell us how we can help.'],
    [{}, 'Please tell us how we can help.'],
    [{ message: 'x'.repeat(2001) }, 'Please keep your message under 2000 characters.'],
  ])('refuses %j with 400 and keeps nothing', async (payload, message) => {
    const { cookie, user } = await signUp(t.app);
    const response = await send(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await storedFor(user.id)).toEqual([]);
  });

  it(`takes ${SUPPORT_REQUESTS_PER_DAY} a day from one listener, even sent at once, then answers 429`, async () => {
    const { cookie, user } = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: SUPPORT_REQUESTS_PER_DAY + 2 }, (_, i) => send(cookie, { message: `Help ${i}` })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(SUPPORT_REQUESTS_PER_DAY);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(2);
    expect(await storedFor(user.id)).toHaveLength(SUPPORT_REQUESTS_PER_DAY);
    // Another listener is not held back.
    expect((await send((await signUp(t.app)).cookie, { message: 'Me too' })).statusCode).toBe(201);
  });

  it('answers 401 without a session', async () => {
    expect((await send(undefined, { message: 'Hello' })).statusCode).toBe(401);
  });
});
