import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

/** A port nothing listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs the real server entry point (src/main.ts through tsx) as its own process. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  // A process started again on the port its balancer knows keeps it; a new one gets a free port.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--conditions=kora-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      // No test reaches the internet.
      DEEZER_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not healthy in time:\n${server.output()}`);
}

export function signupBody(email: string) {
  return JSON.stringify({ email, password: 'durable-password', firstName: 'Durable', lastName: 'Write' });
}

export function postJson(url: string, body: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

/** Kills (SIGKILL) every server a test left running and empties the list; for afterEach. */
export async function killAll(running: ServerProcess[]): Promise<void> {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
}
