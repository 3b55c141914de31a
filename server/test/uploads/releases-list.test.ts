import type { Release } from '@kora/contracts';
import { releaseSchema } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, releases, songs } from '../../src/db/schema.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPng } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { libraryEntries, releaseEntries, uploadOk } from './upload-helpers.js';

let t: TestApp;
let ada: SignedInUser;
let bayo: SignedInUser;
let single: Release;
let ep: Release;
let library: Release;

beforeAll(async () => {
  t = await createTestApp();
  [ada, bayo] = [await signUp(t.app), await signUp(t.app)];
  const song = await buildTestAudio('mp3', { seed: 1 });
  single = await uploadOk(t.app, ada.cookie, '/api/upload-music', releaseEntries({ releaseType: 'single', tracks: [{ audio: song, title: 'First' }] }));
  ep = await uploadOk(
    t.app,
    ada.cookie,
    '/api/upload-music',
    releaseEntries({ albumTitle: 'Second', albumCover: await buildPng('#0044cc'), tracks: [{ audio: song, title: 'A' }, { audio: await buildTestAudio('wav', { seed: 2, seconds: 3 }), title: 'B' }] }),
  );
  library = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: song, title: 'Third', artist: 'Ada' }));
  await uploadOk(t.app, bayo.cookie, '/api/upload', libraryEntries({ audio: song, title: "Bayo's", artist: 'Bayo' }));
});
afterAll(() => t.close());

const list = async (cookie = ada.cookie, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/releases${query}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as Release[];
};

async function setJob(releaseId: number, values: Partial<typeof jobs.$inferInsert>) {
  await t.database.db.update(jobs).set(values).where(sql`${jobs.payload} ->> 'releaseId' = ${String(releaseId)}`);
}

describe('GET /api/releases', () => {
  it("lists only the caller's releases, newest first, in the contract's shape", async () => {
    const own = await list();
    expect(own.map((release) => release.title)).toEqual(['Third', 'Second', 'First']);
    for (const release of own) expect(releaseSchema.parse(release)).toEqual(release);
    expect((await list(bayo.cookie)).map((release) => release.title)).toEqual(["Bayo's"]);
  });

  it('shows every track in order with its status and duration, and the cover', async () => {
    const shown = (await list()).find((release) => release.id === ep.id)!;
    expect(shown.tracks).toEqual([
      { id: expect.any(Number), title: 'A', status: 'processing', duration: 2 },
      { id: expect.any(Number), title: 'B', status: 'processing', duration: 3 },
    ]);
    expect(shown.coverUrl).toMatch(/^\/api\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(shown).toMatchObject({ releaseType: 'ep', status: 'processing', rejectionReason: null, reviewedAt: null });
  });

  it("reads progress from the release's job: its figure while it runs, 100 when done", async () => {
    const progressOf = async () => (await list()).find((release) => release.id === single.id)!.progress;
    expect(await progressOf()).toBe(0);
    await setJob(single.id, { status: 'running', progress: 40 });
    expect(await progressOf()).toBe(40);
    await setJob(single.id, { status: 'done', progress: 90 });
    expect(await progressOf()).toBe(100);
  });

  it('shows the outcome of the review: live, or rejected with its reason', async () => {
    const reviewedAt = new Date('2026-05-01T10:00:00Z');
    await t.database.db.update(releases).set({ status: 'live', reviewedAt }).where(eq(releases.id, library.id));
    await t.database.db.update(songs).set({ status: 'live' }).where(eq(songs.releaseId, library.id));
    await t.database.db.update(releases).set({ status: 'rejected', rejectionReason: 'Track 2 could not be decoded.', reviewedAt }).where(eq(releases.id, ep.id));
    const own = await list();
    expect(own.find((release) => release.id === library.id)).toMatchObject({
      status: 'live',
      progress: 100,
      reviewedAt: reviewedAt.toISOString(),
      tracks: [{ title: 'Third', status: 'live' }],
    });
    expect(own.find((release) => release.id === ep.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Track 2 could not be decoded.', progress: 100 });
  });

  it('pages with limit and offset', async () => {
    expect((await list(ada.cookie, '?limit=2')).map((release) => release.title)).toEqual(['Third', 'Second']);
    expect((await list(ada.cookie, '?limit=2&offset=2')).map((release) => release.title)).toEqual(['First']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/releases?limit=0', headers: { cookie: ada.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'limit must be at least 1' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/releases' })).statusCode).toBe(401);
  });
});
