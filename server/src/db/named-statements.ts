import { hash } from 'node:crypto';
import type pg from 'pg';

/**
 * Distinct statements prepared per process, so at most this many per connection. Each keeps its
 * parse tree and plan in the connection's memory on the server: 166 KB for trending's song list
 * (pg_backend_memory_contexts), less for most, so a pool of ten connections holds at most about
 * 160 MB and usually far less. The hot reads are named within a process's first requests;
 * statements of rarer shapes past the bound are sent unnamed, as before.
 */
const MAX_NAMED = 100;
/** Statements seen once, remembered to tell the repeated ones from one-offs; forgotten all at once when full. */
const MAX_SEEN = 2_000;
/** Only reads: a data-modifying statement, a transaction's BEGIN or a migration's batch is sent as it comes. */
const READ_STATEMENT = /^\s*(select|with)\b/i;

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };
type QueryFn = (config: unknown, ...rest: unknown[]) => unknown;

/**
 * On PostgreSQL, a read this process sends a second time becomes a named statement: each
 * connection parses it once and keeps its plan, instead of parsing and planning it on every call.
 * The listener-facing reads are long statements (a song's credits, colours and featured artists as
 * subqueries) over tables with many indexes: at a million songs their parse and plan took 2 to
 * 7 ms each, more than running them (bench/production-size.ts). PostgreSQL still plans a statement
 * afresh for its parameters while a generic plan would cost more (plan_cache_mode auto), so a query
 * whose best plan depends on its values keeps it.
 *
 * A statement is named by its text's hash, so the same text has the same name on every connection.
 * Needs a session per connection, as Kora's own pool gives: a transaction-mode pooler in front
 * (PgBouncer before 1.21) would not carry named statements between transactions.
 */
export function nameRepeatedReads(pool: pg.Pool, { maxNamed = MAX_NAMED }: { maxNamed?: number } = {}): { namedCount: () => number } {
  const names = new Map<string, string>();
  const seen = new Set<string>();

  function nameFor(text: string): string | undefined {
    const known = names.get(text);
    if (known !== undefined || names.size >= maxNamed || !READ_STATEMENT.test(text)) return known;
    if (!seen.has(text)) {
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.add(text);
      return undefined;
    }
    seen.delete(text);
    const name = `kora_${hash('sha256', text, 'base64url').slice(0, 24)}`;
    names.set(text, name);
    return name;
  }

  pool.on('connect', (client) => {
    const target = client as unknown as { query: QueryFn };
    const query = target.query.bind(client) as QueryFn;
    target.query = (config, ...rest) => {
      const statement = config as QueryConfig | null;
      // A plain string, a statement already named, or a Query/Cursor object (submit) goes as it is.
      if (statement !== null && typeof statement === 'object' && typeof statement.text === 'string' && statement.name === undefined && statement.submit === undefined) {
        const name = nameFor(statement.text);
        if (name !== undefined) return query({ ...statement, name }, ...rest);
      }
      return query(config, ...rest);
    };
  });
  return { namedCount: () => names.size };
}
