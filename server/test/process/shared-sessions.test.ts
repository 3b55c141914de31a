import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../helpers/test-database.js';
import { killAll, postJson, type ServerProcess, signupBody, spawnServer, waitUntilHealthy } from '../helpers/server-process.js';

// Two server processes on one PostgreSQL database, each with its session cache (shared-session-cache.ts).
describe.runIf(process.env.TEST_DATABASE_URL)('sessions cached by several processes on PostgreSQL', () => {
  const running: ServerProcess[] = [];
  const dirs: string[] = [];
  let drop: () => Promise<void>;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    const scratch = await createScratchPostgres('kora_sessions');
    drop = scratch.drop;
    const env = { DATABASE_URL: scratch.url, JOBS_ENABLED: 'false' };
    const dataDir = async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-sessions-'));
      dirs.push(dir);
      return dir;
    };
    first = await spawnServer({ ...env, DATA_DIR: await dataDir() });
    running.push(first);
    await waitUntilHealthy(first);
    second = await spawnServer({ ...env, DATA_DIR: await dataDir() });
    running.push(second);
    await waitUntilHealthy(second);
  });
  afterAll(async () => {
    await killAll(running);
    await drop?.();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  const signedIn = async (server: ServerProcess, cookie: string) => (await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).status === 200;
  const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;

  /** How long after `since` the second process stopped accepting the cookie (it is asked until then). */
  async function refusedAfter(cookie: string, since: number): Promise<number> {
    while (await signedIn(second, cookie)) {
      if (performance.now() - since > 5_000) return Number.POSITIVE_INFINITY;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return performance.now() - since;
  }

  it('ends a session signed out through one process on the other within a second', async () => {
    const cookie = cookieOf(await postJson(`${first.url}/api/auth/signup`, signupBody('two-processes@example.com')));
    // Cached by the second process: asked twice, the second answer from memory.
    expect(await signedIn(second, cookie)).toBe(true);
    expect(await signedIn(second, cookie)).toBe(true);

    const signedOut = await fetch(`${first.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(signedOut.status).toBe(200);
    expect(await refusedAfter(cookie, performance.now())).toBeLessThan(1_000);
  });

  it('signs the other devices out on every process when the password changes', async () => {
    const email = 'password-change@example.com';
    const cookie = cookieOf(await postJson(`${first.url}/api/auth/signup`, signupBody(email)));
    const otherDevice = cookieOf(await postJson(`${second.url}/api/auth/login`, JSON.stringify({ email, password: 'durable-password' })));
    expect(await signedIn(second, otherDevice)).toBe(true);

    const changed = await fetch(`${first.url}/api/auth/password`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'durable-password', newPassword: 'a-new-durable-secret' }),
    });
    expect(changed.status).toBe(200);
    expect(await refusedAfter(otherDevice, performance.now())).toBeLessThan(1_000);
    expect(await signedIn(second, cookie)).toBe(true);
  });
});
