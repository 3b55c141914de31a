import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.js';

type Journal = { entries: { tag: string }[] };

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-migrations-'));
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

/** The committed migrations up to (not including) the one whose tag ends with `before`. */
async function migrationsBefore(before: string): Promise<string> {
  await fs.cp(migrationsFolder, scratch, { recursive: true });
  const journalFile = path.join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(before));
  expect(cut).toBeGreaterThan(0);
  await fs.writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return scratch;
}

describe('accounts made before addresses were confirmed', () => {
  it('count as confirmed once the migrations run, and new ones wait for their link', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: await migrationsBefore('_account_tokens') });
    await client.query(
      `insert into users (email, password_hash, first_name, last_name, created_at) values ('early@example.com', 'x', 'Early', 'Listener', '2025-01-02T03:04:05Z')`,
    );
    await migrate(db, { migrationsFolder });
    await client.query(`insert into users (email, password_hash, first_name, last_name) values ('new@example.com', 'x', 'New', 'Listener')`);
    const { rows } = await client.query<{ email: string; confirmed: Date | null }>(
      'select email, email_confirmed_at as confirmed from users order by id',
    );
    expect(rows).toEqual([
      { email: 'early@example.com', confirmed: new Date('2025-01-02T03:04:05Z') },
      { email: 'new@example.com', confirmed: null },
    ]);
    await client.close();
  });
});
