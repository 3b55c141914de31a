// The test helper that makes and drops scratch PostgreSQL databases: a drop must not reach a
// connection that was closing (a pool's end() resolves before its connections have closed).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../helpers/test-database.js';

describe.runIf(process.env.KORA_TEST_DB === 'postgres')('a scratch database', () => {
  it('is dropped after a connection that was closing has gone, so it is not told of it', async () => {
    const scratch = await createScratchPostgres('kora_scratch');
    const client = new pg.Client(scratch.url);
    await client.connect();
    const errors: Error[] = [];
    client.on('error', (error) => errors.push(error));
    // The drop starts while the connection is still open, as after a pool's end() resolved.
    const dropped = scratch.drop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.end();
    await dropped;
    expect(errors).toEqual([]);
  });

  it('is dropped with a connection still open to it', async () => {
    const scratch = await createScratchPostgres('kora_scratch');
    const client = new pg.Client(scratch.url);
    await client.connect();
    const lost = new Promise<Error>((resolve) => client.on('error', resolve));
    await scratch.drop();
    expect((await lost).message).toMatch(/terminating connection/);
    const admin = new pg.Client(process.env.TEST_DATABASE_URL);
    await admin.connect();
    const left = await admin.query('select 1 from pg_database where datname = $1', [new URL(scratch.url).pathname.slice(1)]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  }, 10_000);
});
