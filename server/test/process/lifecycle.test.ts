import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, postJson, type ServerProcess, signupBody, spawnServer, waitUntilHealthy } from '../helpers/server-process.js';

const running: ServerProcess[] = [];
const dirs: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-process-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

afterEach(async () => {
  await killAll(running);
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function login(url: string, email: string): Promise<number> {
  const response = await postJson(`${url}/api/auth/login`, JSON.stringify({ email, password: 'durable-password' }));
  return response.status;
}

describe('the server process', () => {
  it('keeps every acknowledged write when killed with SIGKILL in the middle of writes', async () => {
    const DATA_DIR = await dataDir();
    const first = await start({ DATA_DIR });
    await waitUntilHealthy(first);

    const acknowledged: string[] = [];
    let stopped = false;
    let n = 0;
    const writer = async () => {
      while (!stopped) {
        const email = `durable-${n++}@example.com`;
        try {
          const response = await postJson(`${first.url}/api/auth/signup`, signupBody(email));
          if (response.status === 201) acknowledged.push(email);
        } catch {
          // The connection died with the server: this write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    first.child.kill('SIGKILL');
    await first.exited;
    stopped = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(5);

    const second = await start({ DATA_DIR });
    await waitUntilHealthy(second);
    for (const email of acknowledged) expect(await login(second.url, email), email).toBe(200);
  });

  it('refuses to open a PGlite data folder that another process is using, with a clear message', async () => {
    const DATA_DIR = await dataDir();
    const first = await start({ DATA_DIR });
    await waitUntilHealthy(first);

    // SEED=none: the catalogue stays empty.
    const signup = await postJson(`${first.url}/api/auth/signup`, signupBody('lock@example.com'));
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await fetch(`${first.url}/api/songs`, { headers: { cookie } })).json()).toEqual([]);

    const second = await start({ DATA_DIR });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Kora process \(pid \d+\)/);
    // The first one is untouched.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it('finishes in-flight requests on SIGTERM, closes the database and exits 0', async () => {
    const DATA_DIR = await dataDir();
    const server = await start({ DATA_DIR, LOG_LEVEL: 'info' });
    await waitUntilHealthy(server);

    const emails = Array.from({ length: 4 }, (_, i) => `drain-${i}@example.com`);
    const inFlight = emails.map((email) => postJson(`${server.url}/api/auth/signup`, signupBody(email)));
    // Once the server has taken in all four (its request log says so), ask it to stop.
    const received = () => server.output().split('"msg":"incoming request"').length - 1;
    while (received() < emails.length + 1) await new Promise((resolve) => setTimeout(resolve, 2));
    server.child.kill('SIGTERM');
    const statuses = (await Promise.all(inFlight)).map((response) => response.status);
    expect(statuses).toEqual([201, 201, 201, 201]);
    expect(await server.exited).toBe(0);

    // A clean close releases the lock and leaves a database that opens with every row.
    await expect(fs.access(path.join(DATA_DIR, 'kora.lock'))).rejects.toThrow();
    const again = await start({ DATA_DIR });
    await waitUntilHealthy(again);
    for (const email of emails) expect(await login(again.url, email)).toBe(200);
  });

  it('drains on SIGTERM: not ready at once, still serving until SHUTDOWN_DRAIN_MS is up, then exits 0', async () => {
    const server = await start({ DATA_DIR: await dataDir(), SHUTDOWN_DRAIN_MS: '3000' });
    await waitUntilHealthy(server);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    let ready = await fetch(`${server.url}/api/health/ready`);
    while (ready.status === 200 && performance.now() - signalled < 2_000) ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    // A balancer that has not checked yet still gets its requests answered.
    expect((await postJson(`${server.url}/api/auth/signup`, signupBody('late@example.com'))).status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(3_000);
  });
});
