import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { leavesCachesValid } from './cache-neutral.js';

const CHANNEL = 'kora_writes';
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b/i;
const RECONNECT_DELAY_MS = 1_000;
const ANNOUNCE_ATTEMPTS = 3;

export type PostgresWriteVersion = {
  /** Changes after every write this process completes, and shortly after every write another process announces. */
  writeVersion: () => number;
  /** Whether the LISTEN connection is up: while it is not, what others announce is missed. */
  listening: () => boolean;
  /** Listens on another channel over the same connection: see Database['listen']. */
  listen: (channel: string, onMessage: (payload: string | undefined) => void) => () => void;
  close: () => Promise<void>;
};

type Logger = { error: (message: string) => void };
type QueryFn = (...args: unknown[]) => unknown;

/**
 * The write count of db/versioned-cache.ts for a PostgreSQL server shared by several processes.
 * Each process counts its own writes as they complete (after COMMIT inside a transaction, so a
 * read that starts afterwards sees them) and announces them with NOTIFY; every process LISTENs
 * and counts the others'. Another process's write reaches this one's caches a few milliseconds
 * after its commit. While the LISTEN connection is down, nothing announced can be trusted: the
 * count changes on every read, so nothing is served from memory until it is back.
 * The same connection carries the other channels a process listens on (the job queue's wake-ups),
 * so each process holds one LISTEN connection whatever it listens for.
 */
export function trackPostgresWrites(pool: pg.Pool, url: string, logger: Logger): PostgresWriteVersion {
  const instanceId = randomUUID();
  let version = 0;
  let listener: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let announcePending = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const subscribers = new Map<string, Set<(payload: string | undefined) => void>>();

  // A burst of writes is announced once. A lost announcement would leave the other processes'
  // caches stale until their entries expire, so a failed one is tried again.
  function announce() {
    version++;
    if (announcePending || closed) return;
    announcePending = true;
    setImmediate(() => {
      announcePending = false;
      void send(1);
    });
  }

  async function send(attempt: number): Promise<void> {
    if (closed) return;
    try {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, instanceId]);
    } catch (error) {
      if (attempt >= ANNOUNCE_ATTEMPTS) {
        logger.error(`Could not announce a write to other processes: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt).unref());
      return send(attempt + 1);
    }
  }

  pool.on('connect', (client) => countWritesOf(client as unknown as { query: QueryFn }, announce));

  async function connectListener() {
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => dropListener(client, error));
    client.on('end', () => dropListener(client));
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL) {
        for (const onMessage of subscribers.get(message.channel) ?? []) onMessage(message.payload);
      } else if (message.payload !== instanceId) {
        version++;
      }
    });
    const channels = [CHANNEL, ...subscribers.keys()];
    try {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${channel}`);
    } catch (error) {
      dropListener(client, error as Error);
      return;
    }
    if (closed) return void (await client.end().catch(() => {}));
    listener = client;
    listening = true;
    // Channels subscribed while this connection was being made.
    for (const channel of subscribers.keys()) if (!channels.includes(channel)) listenOn(client, channel);
    // Writes announced while nobody listened were missed: start afresh.
    version++;
    for (const channelSubscribers of subscribers.values()) for (const onMessage of channelSubscribers) onMessage(undefined);
  }

  function listenOn(client: pg.Client, channel: string) {
    client.query(`listen ${channel}`).catch((error: Error) => dropListener(client, error));
  }

  function dropListener(client: pg.Client, error?: Error) {
    if (listener && listener !== client) return;
    listener = undefined;
    listening = false;
    client.end().catch(() => {});
    if (closed || reconnectTimer) return;
    if (error) logger.error(`Lost the PostgreSQL write notifications (${error.message}); reconnecting`);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connectListener();
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  }

  void connectListener();

  return {
    writeVersion: () => (listening ? version : ++version),
    listening: () => listening,
    listen(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel) || channel === CHANNEL) throw new Error(`Cannot listen on ${channel}`);
      let channelSubscribers = subscribers.get(channel);
      if (!channelSubscribers) {
        channelSubscribers = new Set();
        subscribers.set(channel, channelSubscribers);
        // Not connected yet, or reconnecting: connectListener() listens on every subscribed channel.
        if (listener) listenOn(listener, channel);
      }
      channelSubscribers.add(onMessage);
      return () => {
        channelSubscribers.delete(onMessage);
      };
    },
    close: async () => {
      closed = true;
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      listening = false;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Calls `onWrite` when a statement that may have written has completed on this connection: at
 * once outside a transaction, at COMMIT or ROLLBACK inside one. Handles pg's promise and
 * callback forms (the pool itself uses the callback form).
 */
function countWritesOf(client: { query: QueryFn }, onWrite: () => void) {
  const query = client.query.bind(client);
  let inTransaction = false;
  let wroteInTransaction = false;

  client.query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || leavesCachesValid(text)) return query(...args);

    let finished: () => void;
    if (TRANSACTION_START.test(text)) {
      inTransaction = true;
      wroteInTransaction = false;
      finished = () => {};
    } else if (TRANSACTION_END.test(text)) {
      const wrote = wroteInTransaction;
      inTransaction = false;
      wroteInTransaction = false;
      finished = () => wrote && onWrite();
    } else if (inTransaction) {
      wroteInTransaction = true;
      finished = () => {};
    } else {
      finished = onWrite;
    }

    const last = args.at(-1);
    if (typeof last === 'function') {
      return query(...args.slice(0, -1), (...results: unknown[]) => {
        finished();
        (last as (...values: unknown[]) => void)(...results);
      });
    }
    const result = query(...args);
    return result instanceof Promise ? result.finally(finished) : result;
  };
}
