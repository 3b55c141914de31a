import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../src/db/client.js';
import { createLocalStorage } from '../../src/media/local-storage.js';
import { createS3Storage } from '../../src/media/s3-storage.js';
import type { MediaStorage } from '../../src/media/storage.js';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { filledInKoraConf, type RunningNginx, startNginx } from '../helpers/nginx.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { killAll, postJson, type ServerProcess, signupBody, spawnServer, waitUntilHealthy } from '../helpers/server-process.js';
import { createScratchPostgres } from '../helpers/test-database.js';

type Setup = { nginx: RunningNginx; kora: ServerProcess; cookie: string; songId: number; key: string; bytes: Buffer };

// Kora on PostgreSQL, so the test can add a song while the server runs.
describe.runIf(process.env.TEST_DATABASE_URL)('media offloaded to nginx with the shipped configuration', () => {
  for (const store of ['local', 's3'] as const) {
    describe(`from ${store === 'local' ? 'the local media folder' : 'S3'}`, () => {
      let setup: Setup;
      const cleanups: (() => Promise<unknown>)[] = [];
      const running: ServerProcess[] = [];

      beforeAll(async () => {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-offload-'));
        cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
        const webRoot = path.join(dir, 'web');
        await fs.mkdir(path.join(webRoot, 'assets'), { recursive: true });
        await fs.writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("kora");');
        const mediaRoot = path.join(dir, 'data', 'media');

        const postgres = await createScratchPostgres('kora_offload');
        cleanups.push(() => postgres.drop());
        const database: Database = await openPostgres(postgres.url, { max: 2 });
        cleanups.push(() => database.close());

        let storage: MediaStorage;
        let s3: TestS3Server | undefined;
        if (store === 's3') {
          s3 = await startS3Server();
          cleanups.push(() => s3!.close());
          storage = createS3Storage({ ...s3.settings, stagingDir: path.join(dir, 'staging') });
        } else {
          storage = createLocalStorage(mediaRoot);
        }
        const stored = await storeTestBytes(storage, 300_000);
        const artistId = (await buildArtist(database.db)).id;
        const song = await buildSong(database.db, { artistId, duration: 30, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size });

        const kora = await spawnServer({
          DATA_DIR: path.join(dir, 'data'),
          DATABASE_URL: postgres.url,
          MEDIA_OFFLOAD: 'nginx',
          TRUST_PROXY: 'true',
          JOBS_ENABLED: 'false',
          ...s3?.env,
        });
        running.push(kora);
        await waitUntilHealthy(kora);
        const koraPort = Number(new URL(kora.url).port);
        const proxy = await startNginx((port) => filledInKoraConf(port, { upstreamPorts: [koraPort], webRoot, mediaRoot }), { probePath: '/assets/app-abc123.js' });
        cleanups.push(() => proxy.close());

        const signup = await postJson(`${proxy.url}/api/auth/signup`, signupBody(`offload-${store}@example.com`));
        expect(signup.status).toBe(201);
        const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
        setup = { nginx: proxy, kora, cookie, songId: song.id, key: stored.key, bytes: stored.bytes };
      }, 60_000);

      afterAll(async () => {
        await killAll(running);
        for (const cleanup of cleanups.reverse()) await cleanup();
      });

      const stream = (base: string, headers: Record<string, string> = {}) =>
        fetch(`${base}/api/songs/${setup.songId}/stream`, { headers: { cookie: setup.cookie, ...headers } });

      it('sends the range a listener asks for, byte for byte, with Kora’s headers and no internal path', async () => {
        const response = await stream(setup.nginx.url, { range: 'bytes=1000-263143' });
        expect(response.status).toBe(206);
        expect(response.headers.get('content-range')).toBe(`bytes 1000-263143/${setup.bytes.length}`);
        expect(Buffer.from(await response.arrayBuffer()).equals(setup.bytes.subarray(1000, 263144))).toBe(true);
        expect(response.headers.get('content-type')).toBe('audio/mpeg');
        expect(response.headers.get('cache-control')).toMatch(/^private/);
        expect(response.headers.get('x-accel-redirect')).toBeNull();
        expect(response.headers.get('x-kora-rendition')).toBe('original');
        const fromKora = await stream(setup.kora.url);
        expect(response.headers.get('etag')).toBe(fromKora.headers.get('etag'));
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      });

      it('sends the whole file without a range', async () => {
        const response = await stream(setup.nginx.url);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(setup.bytes)).toBe(true);
      });

      it('leaves the bytes to nginx: Kora itself answers with the internal redirect and no body', async () => {
        const response = await stream(setup.kora.url, { range: 'bytes=0-99' });
        expect(response.status).toBe(200);
        expect(response.headers.get('x-accel-redirect')).toMatch(store === 'local' ? /^\/_kora\/media\// : /^\/_kora\/s3\/http\/127\.0\.0\.1:\d+\//);
        expect((await response.arrayBuffer()).byteLength).toBe(0);
      });

      it('keeps Kora the judge: no session, no bytes; and the internal locations cannot be asked for', async () => {
        const signedOut = await fetch(`${setup.nginx.url}/api/songs/${setup.songId}/stream`);
        expect(signedOut.status).toBe(401);
        const internal = await fetch(`${setup.nginx.url}/_kora/media/${setup.key}`);
        expect(internal.status).toBe(404);
      });

      it('serves the built assets itself, cached for a year', async () => {
        const response = await fetch(`${setup.nginx.url}/assets/app-abc123.js`);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe('console.log("kora");');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      });
    });
  }
});
