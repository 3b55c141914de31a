import type { Database } from '../../db/client.js';
import type { SessionCache } from './session-cache.js';

/** Where processes sharing a PostgreSQL database tell each other which cached sessions to forget. */
export const SESSIONS_CHANNEL = 'kora_sessions';

type Log = { error: (details: object, message: string) => void };

/**
 * The session cache of one of several processes on one PostgreSQL database. A session ended or a
 * user changed here is forgotten here at once and announced (NOTIFY, payload `t:<token hash>` or
 * `u:<user id>`); every process, this one included, forgets it when the announcement arrives, a
 * few milliseconds after. While this process's LISTEN connection is down it could miss one, so it
 * serves nothing from memory then, and forgets everything once it is back. A read that began
 * before an announcement arrived is not kept (the cache's eviction count), so a sign-out that
 * commits while another process reads the session cannot be undone by that read.
 */
export function shareSessionCache(cache: SessionCache, database: Pick<Database, 'listen' | 'notify' | 'hearsOthers'>, log: Log): SessionCache & { close(): void } {
  const unlisten = database.listen(SESSIONS_CHANNEL, (payload) => {
    if (payload === undefined) return cache.clear();
    if (payload.startsWith('t:')) cache.delete(payload.slice(2));
    else if (payload.startsWith('u:')) cache.deleteUser(Number(payload.slice(2)));
  });
  const announce = (payload: string) =>
    void database.notify(SESSIONS_CHANNEL, payload).catch((error: unknown) => {
      // The others keep the session until it expires from their cache (at most its TTL).
      log.error({ err: error }, 'Could not tell the other processes to forget a session');
    });
  const hearing = () => database.hearsOthers?.() ?? true;

  return {
    ...cache,
    get: (tokenHash) => (hearing() ? cache.get(tokenHash) : undefined),
    set: (tokenHash, session, evictionCountBeforeRead) => {
      if (hearing()) cache.set(tokenHash, session, evictionCountBeforeRead);
    },
    delete(tokenHash) {
      cache.delete(tokenHash);
      announce(`t:${tokenHash}`);
    },
    deleteUser(userId) {
      cache.deleteUser(userId);
      announce(`u:${userId}`);
    },
    close: unlisten,
  };
}
