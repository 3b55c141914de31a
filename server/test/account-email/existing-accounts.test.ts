import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OlderDatabase, openDatabaseBefore } from '../helpers/upgrade-database.js';
import { queryRows } from '../helpers/query-rows.js';

let database: OlderDatabase;

beforeAll(async () => {
  database = await openDatabaseBefore(/_account_tokens$/);
});
afterAll(() => database.close());

describe('accounts made before addresses were confirmed', () => {
  it('count as confirmed once the migrations run, and new ones wait for their link', async () => {
    // Plain SQL: the schema module describes today's table, with the column the migration adds.
    await database.db.execute(
      sql`insert into users (email, password_hash, first_name, last_name, created_at) values ('early@example.com', 'x', 'Early', 'Listener', '2025-01-02T03:04:05Z')`,
    );
    await database.upgrade();
    await database.db.execute(sql`insert into users (email, password_hash, first_name, last_name) values ('new@example.com', 'x', 'New', 'Listener')`);
    const rows = await queryRows<{ email: string; confirmed: Date | string | null }>(
      database.db,
      sql`select email, email_confirmed_at as confirmed from users order by id`,
    );
    expect(rows.map((row) => ({ ...row, confirmed: row.confirmed === null ? null : new Date(row.confirmed).toISOString() }))).toEqual([
      { email: 'early@example.com', confirmed: '2025-01-02T03:04:05.000Z' },
      { email: 'new@example.com', confirmed: null },
    ]);
  });
});
