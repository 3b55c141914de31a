import { randomUUID } from 'node:crypto';
import {
  DATA_EXPORT_BUSY_MESSAGE,
  DATA_EXPORT_EXPIRED_MESSAGE,
  DATA_EXPORT_FOREIGN_MESSAGE,
  DATA_EXPORT_NOT_VALID_MESSAGE,
  DATA_EXPORT_USED_MESSAGE,
} from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, plays, sessions, transactions, twoFactorBackupCodes, users } from '../../src/db/schema.js';
import { sweepDataExports } from '../../src/jobs/data-export-sweep.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { type SignedInUser, signUp } from '../helpers/factories.js';
import { createPlaylistViaApi } from '../helpers/playlists.js';
import { startSmtpStandin, type SmtpStandin } from '../helpers/smtp-standin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { waitFor } from '../jobs/job-helpers.js';
import { MAIL_FROM } from '../mail/mail-helpers.js';
import { enableTwoFactor } from '../two-factor/two-factor-helpers.js';
import { download, exportState, exportTokenFor, requestExport, runExportAndMailJobs } from './account-data-helpers.js';

let t: TestApp;
let standin: SmtpStandin;

beforeAll(async () => {
  standin = await startSmtpStandin();
  t = await createTestApp({ mail: { smtpUrl: standin.url, from: MAIL_FROM, devMailPage: false } });
  // Migrating a fresh database takes a while on a busy machine.
}, 120_000);
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

/** Asks for a copy, lets the job make it and the e-mail go, and returns the e-mailed link's token. */
async function exportOf(user: SignedInUser): Promise<string> {
  const asked = await requestExport(t.app, user);
  expect(asked.statusCode).toBe(202);
  await runExportAndMailJobs(t);
  return exportTokenFor(standin, user.credentials.email);
}

async function fileKeyOf(userId: number) {
  const rows = await t.database.db.select({ fileKey: dataExports.fileKey, status: dataExports.status }).from(dataExports).where(eq(dataExports.userId, userId));
  return rows;
}

/** A listener with some of everything: a playlist with songs, likes, follows, many plays, a payment. */
async function buildListener(songIds: number[], artistId: number, playCount: number) {
  const user = await signUp(t.app);
  const db = t.database.db;
  await db.update(users).set({ bio: `Bio of ${user.credentials.firstName}`, phone: '+2348012345678' }).where(eq(users.id, user.user.id));
  const playlist = await createPlaylistViaApi(t.app, user.cookie, [['name', `Mix of ${user.credentials.email}`]]);
  for (const songId of songIds) {
    await t.app.inject({ method: 'POST', url: `/api/playlists/${playlist.id}/songs`, headers: { cookie: user.cookie }, payload: { songId } });
    await t.app.inject({ method: 'POST', url: `/api/songs/${songId}/like`, headers: { cookie: user.cookie } });
  }
  await t.app.inject({ method: 'POST', url: `/api/artists/${artistId}/follow`, headers: { cookie: user.cookie } });
  // Many plays, more than one page of the export's keyset reads.
  const start = Date.now() - playCount * 60_000;
  for (let from = 0; from < playCount; from += 500) {
    const batch = Array.from({ length: Math.min(500, playCount - from) }, (_, i) => ({
      userId: user.user.id,
      songId: songIds[(from + i) % songIds.length]!,
      secondsPlayed: 45,
      playedAt: new Date(start + (from + i) * 60_000),
    }));
    await db.insert(plays).values(batch);
  }
  await db.insert(transactions).values({
    userId: user.user.id,
    amount: 300000,
    currency: 'NGN',
    transactionType: 'subscription',
    status: 'success',
    billingPeriod: '2026-03',
    reference: `kora-${randomUUID()}`,
  });
  return { user, playlist };
}

describe('Download my data', () => {
  it('prepares a ZIP of JSON files in the background, with the listener’s data only and no secrets', async () => {
    const artist = await buildArtist(t.database.db);
    const songA = await buildSong(t.database.db, { artistId: artist.id, title: 'Ọmọ Ìyá' });
    const songB = await buildSong(t.database.db, { artistId: artist.id, title: 'Second Song' });
    const { user } = await buildListener([songA.id, songB.id], artist.id, 2_345);
    const setup = await enableTwoFactor(t.app, user);
    const other = await buildListener([songB.id], artist.id, 10);

    expect((await exportState(t.app, user)).json()).toEqual({ status: 'none', requestedAt: null, expiresAt: null });
    const asked = await requestExport(t.app, user);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'preparing', message: expect.stringContaining('e-mail you a link') });
    expect((await exportState(t.app, user)).json()).toMatchObject({ status: 'preparing' });
    // One copy in the making at a time.
    const again = await requestExport(t.app, user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: DATA_EXPORT_BUSY_MESSAGE });

    await runExportAndMailJobs(t);
    const state = (await exportState(t.app, user)).json();
    expect(state.status).toBe('ready');
    const hoursValid = (Date.parse(state.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);

    const mail = standin.arrived.find((m) => m.envelope.to.includes(user.credentials.email) && m.message.subject === 'Your Kora data is ready to download')!;
    expect(mail.message.text).toContain(`${t.config.linkOrigin}/account/export#token=`);
    const token = exportTokenFor(standin, user.credentials.email);

    const answer = await download(t.app, user, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="kora-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'follows.json', 'likes.json', 'notifications.json', 'playlists.json', 'plays.json', 'profile.json', 'settings.json', 'transactions.json', 'uploads.json'].sort(),
    );
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

    expect(json('profile.json')).toEqual({
      email: user.credentials.email,
      firstName: user.credentials.firstName,
      lastName: user.credentials.lastName,
      phone: '+2348012345678',
      bio: `Bio of ${user.credentials.firstName}`,
      joinedAt: expect.any(String),
    });
    expect(json('settings.json')).toMatchObject({ twoFactorEnabled: true, monthlyDataLimitMb: null, subscription: { plan: 'free' } });
    const playlists = json('playlists.json') as { name: string; songs: { songId: number; title: string; artist: string }[] }[];
    expect(playlists).toHaveLength(1);
    expect(playlists[0]).toMatchObject({ name: `Mix of ${user.credentials.email}` });
    expect(playlists[0]!.songs.map((s) => [s.songId, s.title, s.artist])).toEqual([
      [songA.id, 'Ọmọ Ìyá', artist.name],
      [songB.id, 'Second Song', artist.name],
    ]);
    const likes = json('likes.json') as { songs: { songId: number }[]; playlists: unknown[] };
    expect(likes.songs.map((s) => s.songId).sort()).toEqual([songA.id, songB.id].sort());
    expect(likes.playlists).toEqual([]);
    expect(json('follows.json')).toEqual([{ artistId: artist.id, name: artist.name, followedAt: expect.any(String) }]);
    const played = json('plays.json') as { id: number; songId: number; playedAt: string; secondsPlayed: number; offline: boolean }[];
    expect(played).toHaveLength(2_345);
    expect(new Set(played.map((p) => p.id)).size).toBe(2_345);
    expect(played.every((p, i) => i === 0 || p.playedAt >= played[i - 1]!.playedAt)).toBe(true);
    expect(played[0]).toMatchObject({ secondsPlayed: 45, offline: false });
    expect(json('uploads.json')).toEqual([]);
    expect(json('transactions.json')).toMatchObject([{ amount: 300000, currency: 'NGN', status: 'success' }]);
    const notes = json('notifications.json') as { title: string }[];
    expect(notes.map((n) => n.title)).toContain('Two-factor authentication enabled');

    // Nothing of the other listener, and none of the account's secrets.
    const everything = Object.values(files).map((bytes) => strFromU8(bytes)).join('\n');
    const db = t.database.db;
    const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.user.id));
    const sessionHashes = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.user.id));
    const backupHashes = await db.select({ codeHash: twoFactorBackupCodes.codeHash }).from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, user.user.id));
    const forbidden = [
      other.user.credentials.email,
      `Mix of ${other.user.credentials.email}`,
      stored!.passwordHash,
      user.credentials.password,
      setup.tempSecret,
      ...setup.backupCodes,
      ...backupHashes.map((row) => row.codeHash),
      user.cookie.split('=')[1]!,
      ...sessionHashes.map((row) => row.tokenHash),
      token,
    ];
    for (const secret of forbidden) expect(everything, secret).not.toContain(secret);
    expect(everything).not.toMatch(/password|secret|token/i);
  });

  it('works once, for the signed-in owner only: another account is refused and the link stays the owner’s', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const token = await exportOf(owner);
    const fileKey = (await fileKeyOf(owner.user.id))[0]!.fileKey!;
    expect(await t.storage.stat(fileKey)).toBeDefined();

    const foreign = await download(t.app, stranger, token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: DATA_EXPORT_FOREIGN_MESSAGE });
    expect((await exportState(t.app, owner)).json().status).toBe('ready');

    const signedOut = await t.app.inject({ method: 'POST', url: '/api/account/data-export/download', payload: { token } });
    expect(signedOut.statusCode).toBe(401);
    for (const wrong of ['', 'not-a-token', `${token.slice(0, -2)}xx`]) {
      const refused = await download(t.app, owner, wrong);
      expect(refused.statusCode, wrong).toBe(400);
    }
    expect((await download(t.app, owner, 'A'.repeat(43))).json()).toEqual({ message: DATA_EXPORT_NOT_VALID_MESSAGE });

    const first = await download(t.app, owner, token);
    expect(first.statusCode).toBe(200);
    expect(unzipSync(new Uint8Array(first.rawPayload))['profile.json']).toBeDefined();
    const second = await download(t.app, owner, token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ message: DATA_EXPORT_USED_MESSAGE });
    expect((await exportState(t.app, owner)).json()).toMatchObject({ status: 'downloaded', expiresAt: null });
    // Once downloaded, the file is gone. It is deleted inside the transaction that forgets its key, so
    // the file can be gone a moment before the row says so: both are waited for.
    await waitFor(async () => (await t.storage.stat(fileKey)) === undefined && (await fileKeyOf(owner.user.id))[0]?.fileKey === null, {
      what: 'the downloaded file to be deleted and forgotten',
    });
    expect(await fileKeyOf(owner.user.id)).toEqual([{ fileKey: null, status: 'downloaded' }]);
  });

  it('expires after 24 hours: the link is refused and the sweep deletes the file; a newer copy replaces an older link', async () => {
    const owner = await signUp(t.app);
    const oldToken = await exportOf(owner);
    const newToken = await exportOf(owner);
    expect(newToken).not.toBe(oldToken);
    const superseded = await download(t.app, owner, oldToken);
    expect(superseded.statusCode).toBe(400);
    expect(superseded.json()).toEqual({ message: DATA_EXPORT_EXPIRED_MESSAGE });

    const db = t.database.db;
    const rows = await db.select().from(dataExports).where(eq(dataExports.userId, owner.user.id)).orderBy(dataExports.id);
    const ready = rows.at(-1)!;
    // A day passes.
    await db.update(dataExports).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(dataExports.id, ready.id));
    const late = await download(t.app, owner, newToken);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: DATA_EXPORT_EXPIRED_MESSAGE });
    expect((await exportState(t.app, owner)).json().status).toBe('expired');
    expect(await t.storage.stat(ready.fileKey!)).toBeDefined();

    const swept = await sweepDataExports({ db, storage: t.storage });
    expect(swept.deleted).toBeGreaterThanOrEqual(2);
    expect(await t.storage.stat(ready.fileKey!)).toBeUndefined();
    expect(await fileKeyOf(owner.user.id)).toEqual([
      { fileKey: null, status: 'expired' },
      { fileKey: null, status: 'expired' },
    ]);
    expect((await sweepDataExports({ db, storage: t.storage })).deleted).toBe(0);
  });

  it('is the signed-in listener’s only: every route needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/data-export'],
      ['POST', '/api/account/data-export'],
      ['POST', '/api/account/delete'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
  });

  // With an app of its own (a database to migrate), whose limit is 2 a window.
  it('refuses requests from another site and limits how often each route is asked', async () => {
    const limited = await createTestApp({ authRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const user = await signUp(limited.app);
      const evil = { origin: 'https://evil.example' };
      const crossSite = [
        await requestExport(limited.app, user, evil),
        await download(limited.app, user, 'A'.repeat(43), evil),
        await limited.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: user.cookie, ...evil }, payload: { password: user.credentials.password } }),
      ];
      for (const answer of crossSite) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ message: 'Requests from another origin are not allowed.' });
      }
      expect(await limited.database.db.select().from(dataExports)).toEqual([]);
      expect((await limited.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode).toBe(200);

      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await requestExport(limited.app, user)).statusCode);
      expect(statuses).toEqual([202, 409, 429]);
      const downloads = [];
      for (let i = 0; i < 3; i++) downloads.push((await download(limited.app, user, 'A'.repeat(43))).statusCode);
      expect(downloads).toEqual([400, 400, 429]);
      const deletions = [];
      for (let i = 0; i < 3; i++) {
        deletions.push((await limited.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: user.cookie }, payload: { password: 'wrong password' } })).statusCode);
      }
      expect(deletions).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('keeps nothing of a copy once the account asks to be deleted', async () => {
    const owner = await signUp(t.app);
    const token = await exportOf(owner);
    const fileKey = (await fileKeyOf(owner.user.id))[0]!.fileKey!;
    const deleted = await t.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: owner.cookie }, payload: { password: owner.credentials.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await fileKeyOf(owner.user.id)).toEqual([]);
    expect(await t.storage.stat(fileKey)).toBeUndefined();
    // Signing in again brings the account back, not the copy: its link stays dead.
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.credentials.email, password: owner.credentials.password } });
    expect((await download(t.app, owner, token)).statusCode).toBe(401);
  });
});
