import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Only a PostgreSQL server can drop a pooled connection under the app's feet.
describe.runIf(process.env.KORA_TEST_DB === 'postgres')('a lost PostgreSQL connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not crash the process, and the next requests are served', async () => {
    const { cookie } = await signUp(t.app);
    // Several concurrent requests leave several idle connections in the pool.
    await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })));
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await t.app.inject({ method: 'GET', url: '/api/songs', headers: { cookie } });
    expect(again.statusCode).toBe(200);
  });
});
