import fs from 'node:fs';
import https from 'node:https';
import { type Song, songSchema } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { songs } from '../../src/db/schema.js';
import { type DeezerStandin, startDeezerStandin } from '../helpers/deezer-standin.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

export type ExternalTestApp = { t: TestApp; standin: DeezerStandin; listener: SignedInUser; close(): Promise<void> };

/** The app with Deezer pointed at a fresh stand-in, and a signed-in listener. */
export async function startWithStandin(): Promise<ExternalTestApp> {
  const standin = await startDeezerStandin({ previewSeconds: 2 });
  const t = await createTestApp({ catalogues: { deezer: { apiUrl: standin.apiUrl } } });
  const listener = await signUp(t.app);
  return {
    t,
    standin,
    listener,
    async close() {
      await t.close();
      await standin.close();
    },
  };
}

export function request(t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

export async function getSongs(t: TestApp, url: string, cookie: string): Promise<Song[]> {
  const response = await request(t, 'GET', url, cookie);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return songSchema.strict().array().parse(response.json());
}

/** The cached row of a Deezer track. */
export async function deezerRow(t: TestApp, trackId: number) {
  const [row] = await t.database.db
    .select()
    .from(songs)
    .where(and(eq(songs.source, 'deezer'), eq(songs.externalId, String(trackId))));
  return row;
}

export async function countDeezerRows(t: TestApp): Promise<number> {
  return (await t.database.db.select({ id: songs.id }).from(songs).where(eq(songs.source, 'deezer'))).length;
}

/** Fetches a preview URL from the stand-in's CDN, trusting its certificate: the status and the first bytes. */
export function fetchPreview(standin: DeezerStandin, url: string): Promise<{ status: number; bytes: Buffer }> {
  const agent = new https.Agent({ ca: fs.readFileSync(standin.caFile) });
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
