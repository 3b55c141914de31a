import { DELETION_CODE_REQUIRED_MESSAGE } from '@kora/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  artistFollows,
  jobs,
  likedSongs,
  notifications,
  paymentSubscriptions,
  playlists,
  plays,
  releases,
  sessions,
  songs,
  subscriptions,
  users,
} from '../../src/db/schema.js';
import { ACCOUNT_RESTORED_NOTIFICATION } from '../../src/features/account-data/deletion-queries.js';
import { WRONG_CURRENT_PASSWORD } from '../../src/features/auth/service.js';
import { PROCESS_RELEASE_JOB } from '../../src/jobs/handlers/process-release.js';
import { createPurgeAccountHandler, PURGE_ACCOUNT_JOB } from '../../src/jobs/handlers/purge-account.js';
import { STOP_PROVIDER_RENEWAL_JOB } from '../../src/jobs/handlers/stop-provider-renewal.js';
import { buildAlbum, buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { type SignedInUser, sessionCookieOf, signUp } from '../helpers/factories.js';
import { rewindPlays } from '../catalogue/play-helpers.js';
import { createPlaylistViaApi } from '../helpers/playlists.js';
import { startSmtpStandin, type SmtpStandin } from '../helpers/smtp-standin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { MAIL_FROM, runMailJobs } from '../mail/mail-helpers.js';
import { enableTwoFactor, totpCode } from '../two-factor/two-factor-helpers.js';
import { deleteAccount, latestJob, purgeAt, signIn } from './account-data-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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

const get = (app: FastifyInstance, user: SignedInUser, url: string) => app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
const post = (app: FastifyInstance, user: SignedInUser, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function playCountOf(songId: number): Promise<number> {
  const [row] = await t.database.db.select({ playCount: songs.playCount }).from(songs).where(eq(songs.id, songId));
  return row!.playCount;
}

async function statsOf(user: SignedInUser) {
  return (await get(t.app, user, '/api/user/stats')).json() as { followersCount: number; followingCount: number; songsLiked: number };
}

/**
 * An uploader with a live release (artist, album, song with a stored file), a release still in
 * review, a playlist; and a listener who likes, follows and plays what the uploader made, and
 * whose own artist the uploader follows. A catalogue song both have played.
 */
async function buildWorld() {
  const db = t.database.db;
  const uploader = await signUp(t.app);
  const listener = await signUp(t.app);
  const catalogueArtist = await buildArtist(db);
  const catalogueSong = await buildSong(db, { artistId: catalogueArtist.id, title: `Catalogue ${uploader.user.id}` });

  const artist = await buildArtist(db, { createdBy: uploader.user.id, name: `Uploader Beats ${uploader.user.id}` });
  const [release] = await db
    .insert(releases)
    .values({ userId: uploader.user.id, releaseType: 'single', artistId: artist.id, title: 'Live single', status: 'live', reviewedAt: new Date() })
    .returning();
  const album = await buildAlbum(db, { artistId: artist.id, releaseId: release!.id });
  const file = await storeTestBytes(t.storage, 4096);
  const song = await buildSong(db, {
    artistId: artist.id,
    albumId: album.id,
    releaseId: release!.id,
    uploadedBy: uploader.user.id,
    title: `Uploaded Tune ${uploader.user.id}`,
    fileKey: file.key,
    fileMime: 'audio/mpeg',
    fileSize: file.size,
  });
  const [inReview] = await db
    .insert(releases)
    .values({ userId: uploader.user.id, releaseType: 'single', artistId: artist.id, title: 'In review', status: 'processing' })
    .returning();
  const reviewSong = await buildSong(db, { artistId: artist.id, releaseId: inReview!.id, uploadedBy: uploader.user.id, status: 'processing' });

  const playlist = await createPlaylistViaApi(t.app, uploader.cookie, [['name', `Uploader mix ${uploader.user.id}`]]);
  for (const songId of [song.id, catalogueSong.id]) await post(t.app, uploader, `/api/playlists/${playlist.id}/songs`, { songId });
  const listenerArtist = await buildArtist(db, { createdBy: listener.user.id });
  await post(t.app, uploader, `/api/artists/${listenerArtist.id}/follow`);
  await post(t.app, uploader, `/api/songs/${catalogueSong.id}/play`, { minutesPlayed: 1 });
  await post(t.app, uploader, `/api/songs/${song.id}/like`);

  await post(t.app, listener, `/api/songs/${song.id}/like`);
  await post(t.app, listener, `/api/playlists/${playlist.id}/like`);
  await post(t.app, listener, `/api/artists/${artist.id}/follow`);
  await post(t.app, listener, `/api/songs/${song.id}/play`, { minutesPlayed: 1 });
  // A listener hears one song at a time: the next play is counted once time has passed.
  await rewindPlays(db, listener.user.id, 600);
  await post(t.app, listener, `/api/songs/${catalogueSong.id}/play`, { minutesPlayed: 1 });
  return { uploader, listener, artist, album, song, release: release!, inReview: inReview!, reviewSong, playlist, catalogueSong, file };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

/** What the listener sees of the uploader's things. */
async function seenBy(world: World) {
  const { listener } = world;
  const search = (await get(t.app, listener, `/api/search?q=${encodeURIComponent(`Uploaded Tune ${world.uploader.user.id}`)}`)).json();
  const artistSearch = (await get(t.app, listener, `/api/search?q=${encodeURIComponent(world.artist.name)}`)).json();
  return {
    songInSearch: JSON.stringify(search).includes(`Uploaded Tune ${world.uploader.user.id}`),
    artistInSearch: JSON.stringify(artistSearch).includes(world.artist.name),
    artistPage: (await get(t.app, listener, `/api/artists/${world.artist.id}`)).statusCode,
    albumPage: (await get(t.app, listener, `/api/albums/${world.album.id}`)).statusCode,
    playlistPage: (await get(t.app, listener, `/api/playlists/${world.playlist.id}`)).statusCode,
    stream: (await get(t.app, listener, `/api/songs/${world.song.id}/stream`)).statusCode,
    likedSongs: (await get(t.app, listener, '/api/liked-songs/count')).json(),
    likedPlaylists: (await get(t.app, listener, '/api/liked-playlists')).json().length as number,
    likedPlaylistCount: (await get(t.app, listener, '/api/liked-playlists/count')).json(),
    following: JSON.stringify((await get(t.app, listener, '/api/artists/following')).json()).includes(world.artist.name),
  };
}

const IN_VIEW = {
  songInSearch: true,
  artistInSearch: true,
  artistPage: 200,
  albumPage: 200,
  playlistPage: 200,
  stream: 200,
  likedSongs: { count: 1 },
  likedPlaylists: 1,
  likedPlaylistCount: { count: 1 },
  following: true,
};

describe('Delete my account', () => {
  it('asks for the password and, with two-factor on, a code: a wrong one changes nothing', async () => {
    const user = await signUp(t.app);
    const wrong = await deleteAccount(t.app, user, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_CURRENT_PASSWORD });
    const blank = await deleteAccount(t.app, user, { password: '' });
    expect(blank.statusCode).toBe(400);

    const setup = await enableTwoFactor(t.app, user);
    const noCode = await deleteAccount(t.app, user);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ message: DELETION_CODE_REQUIRED_MESSAGE });
    const wrongCode = await deleteAccount(t.app, user, { code: totpCode(setup.tempSecret, 5 * 60_000) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: 'Invalid verification code' });

    const db = t.database.db;
    expect((await get(t.app, user, '/api/auth/user')).statusCode).toBe(200);
    expect(await db.select().from(accountDeletions).where(eq(accountDeletions.userId, user.user.id))).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.type, PURGE_ACCOUNT_JOB))).toEqual([]);

    // A backup code does it too, like a sign-in.
    const done = await deleteAccount(t.app, user, { code: setup.backupCodes[0] });
    expect(done.statusCode).toBe(200);
  });

  it('at once: signs out every session, takes the uploads down and puts playlists, artist and album out of view; counts stay right', async () => {
    const world = await buildWorld();
    const { uploader, listener } = world;
    const db = t.database.db;
    const secondDevice = await signIn(t.app, uploader);
    const secondCookie = sessionCookieOf(secondDevice.cookies);
    await db.update(subscriptions).set({ plan: 'premium', status: 'active', renewal: 'provider', nextBillingDate: new Date(Date.now() + 20 * DAY_MS) }).where(eq(subscriptions.userId, uploader.user.id));
    await db.insert(paymentSubscriptions).values({ code: `SUB_${uploader.user.id}`, userId: uploader.user.id, emailToken: 'email-token', status: 'active' });

    expect(await seenBy(world)).toEqual(IN_VIEW);
    const before = { catalogue: await playCountOf(world.catalogueSong.id), uploaded: await playCountOf(world.song.id), listener: await statsOf(listener) };
    expect(before).toMatchObject({ catalogue: 2, uploaded: 1, listener: { followersCount: 1, followingCount: 1, songsLiked: 1 } });

    const startedAt = Date.now();
    const answer = await deleteAccount(t.app, uploader);
    expect(answer.statusCode).toBe(200);
    const { purgeAt: purgeAtIso, message } = answer.json();
    expect(Math.abs(Date.parse(purgeAtIso) - startedAt - 7 * DAY_MS)).toBeLessThan(60_000);
    expect(message).toContain('signed out everywhere');
    expect(answer.cookies.find((c) => c.name === 'kora_session')?.value).toBe('');

    // Signed out everywhere at once.
    for (const cookie of [uploader.cookie, secondCookie]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    }
    expect(await db.select().from(sessions).where(eq(sessions.userId, uploader.user.id))).toEqual([]);

    expect(await seenBy(world)).toEqual({
      songInSearch: false,
      artistInSearch: false,
      artistPage: 404,
      albumPage: 404,
      playlistPage: 404,
      stream: 404,
      likedSongs: { count: 0 },
      likedPlaylists: 0,
      likedPlaylistCount: { count: 0 },
      following: false,
    });
    // Plays happened and still count; the leaving listener still follows, unnamed, until the purge.
    expect(await playCountOf(world.catalogueSong.id)).toBe(2);
    expect(await playCountOf(world.song.id)).toBe(1);
    expect(await statsOf(listener)).toMatchObject({ followersCount: 1, followingCount: 0, songsLiked: 0 });

    // Premium stops renewing, with the provider too.
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, uploader.user.id));
    expect(subscription).toMatchObject({ plan: 'premium', status: 'canceled' });
    expect((await latestJob(t, STOP_PROVIDER_RENEWAL_JOB))?.payload).toEqual({ code: `SUB_${uploader.user.id}` });

    // The purge waits for the end of the grace period.
    const purgeJob = await latestJob(t, PURGE_ACCOUNT_JOB);
    expect(purgeJob?.payload).toMatchObject({ userId: uploader.user.id });
    expect(Math.abs(purgeJob!.runAt.getTime() - Date.parse(purgeAtIso))).toBeLessThan(60_000);

    // The final e-mail: when it becomes permanent, and how to undo it.
    const mailJobs = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, 'send-mail'), eq(jobs.status, 'queued')));
    await runMailJobs(t, mailJobs.map((row) => row.id));
    const mail = standin.arrived.find((m) => m.envelope.to.includes(uploader.credentials.email) && m.message.subject === 'Your Kora account is being deleted');
    expect(mail?.message.text).toContain('Sign in with your e-mail address and password before');
    expect(mail?.message.text).toContain(`${t.config.linkOrigin}/auth`);
  });

  it('is undone by signing in within 7 days: uploads, playlists and artist come back', async () => {
    const world = await buildWorld();
    const { uploader } = world;
    const db = t.database.db;
    expect((await deleteAccount(t.app, uploader)).statusCode).toBe(200);
    const { requestedAt } = (await db.select().from(accountDeletions).where(eq(accountDeletions.userId, uploader.user.id)))[0]!;

    const back = await signIn(t.app, uploader);
    expect(back.statusCode).toBe(200);
    expect(await db.select().from(accountDeletions).where(eq(accountDeletions.userId, uploader.user.id))).toEqual([]);
    expect(await seenBy(world)).toEqual(IN_VIEW);
    const [live] = await db.select({ status: releases.status }).from(releases).where(eq(releases.id, world.release.id));
    expect(live?.status).toBe('live');
    // The release that was in review goes back to review.
    const [inReview] = await db.select({ status: releases.status }).from(releases).where(eq(releases.id, world.inReview.id));
    expect(inReview?.status).toBe('processing');
    const [reviewSong] = await db.select({ status: songs.status }).from(songs).where(eq(songs.id, world.reviewSong.id));
    expect(reviewSong?.status).toBe('processing');
    expect((await latestJob(t, PROCESS_RELEASE_JOB))?.payload).toEqual({ releaseId: world.inReview.id });
    const said = await db.select().from(notifications).where(and(eq(notifications.userId, uploader.user.id), eq(notifications.kind, 'account-restored')));
    expect(said).toMatchObject([{ title: ACCOUNT_RESTORED_NOTIFICATION.title }]);

    // The purge, when its time comes, leaves the account alone.
    expect(await purgeAt(t, 8 * DAY_MS).purge(uploader.user.id, requestedAt.toISOString())).toEqual({ outcome: 'skipped' });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, uploader.user.id))).toHaveLength(1);
  });

  it('with two-factor on, is undone only once the sign-in’s code is given', async () => {
    const user = await signUp(t.app);
    const setup = await enableTwoFactor(t.app, user);
    // The setup spent this step's TOTP code: a backup code.
    expect((await deleteAccount(t.app, user, { code: setup.backupCodes[0] })).statusCode).toBe(200);
    const db = t.database.db;
    const first = await signIn(t.app, user);
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect(await db.select().from(accountDeletions).where(eq(accountDeletions.userId, user.user.id))).toHaveLength(1);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challenge: first.json().challenge, code: setup.backupCodes[1] },
    });
    expect(second.statusCode).toBe(200);
    expect(await db.select().from(accountDeletions).where(eq(accountDeletions.userId, user.user.id))).toEqual([]);
  });

  it('after 7 days is permanent: the purge deletes the personal rows and files, and counts stay right', async () => {
    const world = await buildWorld();
    const { uploader, listener } = world;
    const db = t.database.db;
    expect((await deleteAccount(t.app, uploader)).statusCode).toBe(200);
    const purgeJob = await latestJob(t, PURGE_ACCOUNT_JOB);
    const { requestedAt } = purgeJob!.payload as { requestedAt: string };

    // A day early nothing happens; the job queues itself again for the due time.
    const early = createPurgeAccountHandler({ db, accounts: purgeAt(t, 6 * DAY_MS) });
    const result = await early.run(purgeJob!.payload, {} as never);
    expect(result).toMatchObject({ outcome: 'not-due' });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, uploader.user.id))).toHaveLength(1);
    const requeued = await latestJob(t, PURGE_ACCOUNT_JOB);
    expect(requeued!.id).not.toBe(purgeJob!.id);
    expect(Math.abs(requeued!.runAt.getTime() - (Date.now() + DAY_MS))).toBeLessThan(60_000);

    expect(await purgeAt(t, 7 * DAY_MS + 60_000).purge(uploader.user.id, requestedAt)).toEqual({ outcome: 'purged' });
    const id = uploader.user.id;
    expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
    for (const [name, rows] of [
      ['sessions', await db.select().from(sessions).where(eq(sessions.userId, id))],
      ['playlists', await db.select().from(playlists).where(eq(playlists.userId, id))],
      ['plays', await db.select().from(plays).where(eq(plays.userId, id))],
      ['likes', await db.select().from(likedSongs).where(eq(likedSongs.userId, id))],
      ['follows', await db.select().from(artistFollows).where(eq(artistFollows.userId, id))],
      ['releases', await db.select().from(releases).where(eq(releases.userId, id))],
      ['songs', await db.select().from(songs).where(eq(songs.uploadedBy, id))],
      ['notifications', await db.select().from(notifications).where(eq(notifications.userId, id))],
      ['deletion', await db.select().from(accountDeletions).where(eq(accountDeletions.userId, id))],
    ] as const) {
      expect(rows, name).toEqual([]);
    }
    expect(await t.storage.stat(world.file.key)).toBeUndefined();
    expect((await signIn(t.app, uploader)).statusCode).toBe(401);

    // The uploader's plays stay counted on the catalogue song; the listener loses a follower, and
    // what they liked of the uploader's is gone from their counts.
    expect(await playCountOf(world.catalogueSong.id)).toBe(2);
    expect(await statsOf(listener)).toMatchObject({ followersCount: 0, followingCount: 0, songsLiked: 0 });
    expect((await get(t.app, listener, '/api/liked-playlists/count')).json()).toEqual({ count: 0 });
    // Run again (a retried job), nothing more happens.
    expect(await purgeAt(t, 7 * DAY_MS + 60_000).purge(id, requestedAt)).toEqual({ outcome: 'skipped' });
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(songs).where(eq(songs.id, world.catalogueSong.id))).toEqual([{ n: 1 }]);
  });
});
