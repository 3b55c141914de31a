import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Several server processes share one limit through Redis; two apps stand in for two processes.
describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const limits = { redisUrl, authRateLimit: { max: 3, windowMs: 60_000 } };
    first = await createTestApp(limits);
    second = await createTestApp(limits);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts attempts made on either server against one limit', async () => {
    // A fresh address per run, so earlier runs' counters in Redis do not interfere.
    const remoteAddress = `10.${[...randomBytes(3)].join('.')}`;
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'guess' },
      });
    const statuses = [
      (await attempt(first)).statusCode,
      (await attempt(second)).statusCode,
      (await attempt(first)).statusCode,
      (await attempt(second)).statusCode,
    ];
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
