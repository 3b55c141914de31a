import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { enableTwoFactor, loginChallenge, secondStep, totpCode } from './two-factor-helpers.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two server processes on one database share the per-user code limit through Redis;
// two apps on one database stand in for them.
describe.runIf(redisUrl)('two-factor attempt limit shared through Redis', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let redis: Redis;
  beforeAll(async () => {
    first = await createTestApp({ redisUrl });
    second = await buildApp({ config: first.config, database: first.database, storage: first.storage, logger: false });
    await second.ready();
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    redis?.disconnect();
  });

  it('counts failed codes on either server against one limit', async () => {
    const user = await signUp(first.app);
    // User ids restart in every test database: forget counts an earlier run left for this id.
    await redis.del(`kora-2fa-attempts:${user.user.id}`);
    const setup = await enableTwoFactor(first.app, user);

    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first.app : second;
      statuses.push((await secondStep(app, await loginChallenge(app, user), 'zzzz-zzzz')).statusCode);
    }
    const blocked = await secondStep(second, await loginChallenge(second, user), totpCode(setup.tempSecret, 30_000));
    expect([...statuses, blocked.statusCode]).toEqual([401, 401, 401, 401, 401, 429]);
    await redis.del(`kora-2fa-attempts:${user.user.id}`);
  });
});
