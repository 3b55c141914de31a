import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../src/db/client.js';
import { artists } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { queryRows } from '../helpers/query-rows.js';

/** The write count must be steady (the LISTEN connection is up) before a test relies on it. */
async function untilListening(database: Database) {
  await expect.poll(() => database.writeVersion!() === database.writeVersion!(), { timeout: 5_000 }).toBe(true);
}

// Several server processes share one PostgreSQL server: each one's read caches must see the others' writes.
describe.runIf(process.env.KORA_TEST_DB === 'postgres')('the write count on PostgreSQL', () => {
  let t: TestApp;
  let other: Database;

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    // A second "process": its own pool and its own LISTEN connection on the same database.
    other = await openPostgres(url.toString(), { max: 2 });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('changes as soon as this process has written, and only after COMMIT inside a transaction', async () => {
    await untilListening(t.database);
    const before = t.database.writeVersion!();
    await buildArtist(t.database.db);
    const afterWrite = t.database.writeVersion!();
    expect(afterWrite).not.toBe(before);

    let insideTransaction = 0;
    await t.database.db.transaction(async (tx) => {
      await tx.insert(artists).values({ name: 'Inside A Transaction' });
      insideTransaction = t.database.writeVersion!();
    });
    expect(insideTransaction).toBe(afterWrite);
    expect(t.database.writeVersion!()).not.toBe(afterWrite);
  });

  it('does not change for reads', async () => {
    await untilListening(t.database);
    const before = t.database.writeVersion!();
    await t.database.db.select().from(artists).limit(1);
    expect(t.database.writeVersion!()).toBe(before);
  });

  it("changes after another process's write, and that process's cached lists follow", async () => {
    await untilListening(t.database);
    await untilListening(other);
    const { cookie } = await signUp(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/songs', headers: { cookie } });
    const titles = (before.json() as { title: string }[]).map((song) => song.title);
    expect(titles).not.toContain('Written Elsewhere');

    const artist = await buildArtist(other.db);
    await buildSong(other.db, { artistId: artist.id, title: 'Written Elsewhere' });

    await expect
      .poll(async () => {
        const response = await t.app.inject({ method: 'GET', url: '/api/songs', headers: { cookie } });
        return (response.json() as { title: string }[]).map((song) => song.title);
      })
      .toContain('Written Elsewhere');
  });

  it('serves nothing from memory while the notifications are lost, and recovers', async () => {
    await untilListening(t.database);
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
    );
    // Until the connection is back, every read sees a new count: no cache entry can be reused.
    await expect.poll(() => t.database.writeVersion!() !== t.database.writeVersion!(), { timeout: 2_000 }).toBe(true);
    await untilListening(t.database);
    await untilListening(other);

    const before = t.database.writeVersion!();
    await buildArtist(other.db);
    await expect.poll(() => t.database.writeVersion!()).not.toBe(before);
  });
});
