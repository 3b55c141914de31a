import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPostgres } from '../../src/db/client.js';
import { createS3Storage } from '../../src/media/s3-storage.js';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { filledInKoraConf, type RunningNginx, startNginx } from '../helpers/nginx.js';
import { startS3Server } from '../helpers/s3-server.js';
import { type ServerProcess, spawnServer, waitUntilHealthy } from '../helpers/server-process.js';
import { type SmtpStandin, startSmtpStandin } from '../helpers/smtp-standin.js';
import { createScratchPostgres } from '../helpers/test-database.js';

/** Words of the catalogue's titles, for searches that find something. */
export const CATALOGUE_WORDS = ['Lagos', 'Ayo', 'Ife', 'Oluwa', 'Jollof', 'Danfo', 'Harmattan', 'Owambe', 'Shayo', 'Ginger'];

export type ClusterOptions = {
  /** Web processes behind nginx (JOBS_ENABLED=false). */
  webProcesses: number;
  /** Job workers beside them (not in nginx's upstream). */
  workers: number;
  catalogueSongs: number;
  /** Added to every Kora process's environment. */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

export type Cluster = {
  nginx: RunningNginx;
  database: Database;
  smtp: SmtpStandin;
  songIds: number[];
  /** Every Kora process by name (web-1…, worker-1…), the newest of each name. */
  processes: Map<string, ServerProcess>;
  webNames: string[];
  /** Starts a process of this name again on its port (after it was killed or stopped). */
  restart(name: string): Promise<ServerProcess>;
  /** The output of every process this cluster ran, those restarted included. */
  outputs(): string[];
  close(): Promise<void>;
};

/**
 * Kora as a service runs it (deploy/): a scratch database on TEST_DATABASE_URL's PostgreSQL,
 * s3rver, Redis on TEST_REDIS_URL, the SMTP stand-in, web processes and workers, and Debian's nginx
 * with the shipped kora.conf in front. The catalogue's songs are random bytes in S3, small enough
 * for Free to stream their originals.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!postgresUrl || !redisUrl) throw new Error('A cluster needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis), as .ci/run sets them.');
  const log = options.log ?? (() => {});
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
  };
  try {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-cluster-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const scratch = await createScratchPostgres('kora_cluster');
    cleanups.push(() => scratch.drop());
    const databaseUrl = scratch.url;
    const database = await openPostgres(databaseUrl, { max: 4 });
    cleanups.push(() => database.close());
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const smtp = await startSmtpStandin();
    cleanups.push(() => smtp.close());
    const storage = createS3Storage({ ...s3.settings, stagingDir: path.join(dir, 'staging') });
    const songIds = await seedCatalogue(database, storage, options.catalogueSongs);
    log(`PostgreSQL, s3rver, SMTP stand-in up; ${songIds.length} songs in the catalogue`);

    const common = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ...s3.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kora <no-reply@kora.example>',
      MEDIA_OFFLOAD: 'nginx',
      TRUST_PROXY: 'true',
      ...options.env,
    };
    const roleEnv = (name: string): Record<string, string> => (name.startsWith('web') ? { JOBS_ENABLED: 'false' } : { JOBS_ENABLED: 'true', LOG_LEVEL: 'info' });
    const processes = new Map<string, ServerProcess>();
    const retired: ServerProcess[] = [];
    const ports = new Map<string, number>();
    cleanups.push(async () => {
      for (const server of processes.values()) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    });
    const start = async (name: string) => {
      const previous = processes.get(name);
      if (previous) retired.push(previous);
      const port = ports.get(name);
      const server = await spawnServer({ DATA_DIR: path.join(dir, name), ...common, ...roleEnv(name), ...(port ? { PORT: String(port) } : {}) });
      processes.set(name, server);
      ports.set(name, Number(new URL(server.url).port));
      await waitUntilHealthy(server, 120_000);
      return server;
    };

    const webNames = Array.from({ length: options.webProcesses }, (_, i) => `web-${i + 1}`);
    const workerNames = Array.from({ length: options.workers }, (_, i) => `worker-${i + 1}`);
    await Promise.all([...webNames, ...workerNames].map((name) => start(name)));
    const upstreamPorts = webNames.map((name) => ports.get(name)!);
    const nginx = await startNginx((port) => filledInKoraConf(port, { upstreamPorts, webRoot: path.join(dir, 'web'), mediaRoot: path.join(dir, 'media') }), {
      probePath: '/api/health/live',
    });
    cleanups.push(() => nginx.close());
    log(`nginx on ${nginx.url} in front of ${webNames.map((name) => ports.get(name)).join(', ')}; ${workerNames.length} worker(s)`);

    return {
      nginx,
      database,
      smtp,
      songIds,
      processes,
      webNames,
      restart: start,
      outputs: () => [...retired, ...processes.values()].map((server) => server.output()),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function seedCatalogue(database: Database, storage: ReturnType<typeof createS3Storage>, songs: number): Promise<number[]> {
  const ids: number[] = [];
  const artistId = (await buildArtist(database.db, { name: 'Cluster Band' })).id;
  for (let i = 0; i < songs; i++) {
    const stored = await storeTestBytes(storage, 160_000);
    const title = `${CATALOGUE_WORDS[i % CATALOGUE_WORDS.length]} ${CATALOGUE_WORDS[(i * 3 + 1) % CATALOGUE_WORDS.length]} ${i}`;
    ids.push((await buildSong(database.db, { artistId, title, duration: 30, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size })).id);
  }
  return ids;
}

/** A listener signed up through the cluster: the id and the cookies a browser would keep. */
export type ClusterListener = { userId: number; email: string; cookie: string };

export async function signUpListener(baseUrl: string, email: string): Promise<ClusterListener> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'cluster-password', firstName: 'Cluster', lastName: 'Listener' }),
  });
  if (response.status !== 201) throw new Error(`sign-up of ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { id } = (await response.json()) as { id: number };
  return { userId: id, email, cookie };
}
