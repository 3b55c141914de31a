import { PRODUCT_NAME } from '@kora/contracts';
import { and, type AnyColumn, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  artistFollows,
  artists,
  likedPlaylists,
  likedSongs,
  notifications,
  playlistSongs,
  playlists,
  plays,
  releases,
  songs,
  subscriptions,
  transactions,
  twoFactor,
  uploads,
  users,
} from '../../db/schema.js';
import { type ArchiveFile, jsonArrayChunks, jsonChunks } from './zip-stream.js';

/** Rows read at a time: a page of plays is about 100 KB of JSON. */
const PAGE_SIZE = 1000;
/** Playlists and releases carry their songs, so fewer at a time. */
const COLLECTION_PAGE_SIZE = 50;

/**
 * The pages of a keyset query: `page(after)` returns up to `size` rows after the cursor (none first),
 * in cursor order. No offset, so a page costs the same at the end of a long list as at its start.
 */
async function* keysetPages<Row, Cursor>(size: number, page: (after: Cursor | undefined) => Promise<Row[]>, cursorOf: (row: Row) => Cursor) {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await page(after);
    yield rows;
    if (rows.length < size) return;
    after = cursorOf(rows.at(-1)!);
  }
}

/** `(time, id) > (after.at, after.id)`: the keyset of a list ordered by time, ties broken by id. */
function afterTimeAndId(time: AnyColumn, id: AnyColumn, after: { at: Date; id: number } | undefined): SQL | undefined {
  return after ? sql`(${time}, ${id}) > (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined;
}

const songTitle = songs.title;
const artistName = artists.name;

/**
 * The files of a listener's data export, each read from the database as it is written: only rows of
 * this listener (every query is filtered by their id), and never a password hash, two-factor secret,
 * backup code, session or link token. The songs others made appear by id, title and artist only.
 */
export function dataExportFiles(db: Db, userId: number, exportedAt: Date): ArchiveFile[] {
  return [
    { name: 'README.txt', chunks: () => textChunks(readme(exportedAt)) },
    { name: 'profile.json', chunks: () => jsonChunks(() => readProfile(db, userId)) },
    { name: 'settings.json', chunks: () => jsonChunks(() => readSettings(db, userId)) },
    { name: 'playlists.json', chunks: () => jsonArrayChunks(playlistPages(db, userId)) },
    { name: 'likes.json', chunks: () => likesChunks(db, userId) },
    { name: 'follows.json', chunks: () => jsonArrayChunks(followPages(db, userId)) },
    { name: 'plays.json', chunks: () => jsonArrayChunks(playPages(db, userId)) },
    { name: 'uploads.json', chunks: () => jsonArrayChunks(uploadPages(db, userId)) },
    { name: 'transactions.json', chunks: () => jsonArrayChunks(transactionPages(db, userId)) },
    { name: 'notifications.json', chunks: () => jsonArrayChunks(notificationPages(db, userId)) },
  ];
}

async function* textChunks(text: string): AsyncIterable<string> {
  yield text;
}

function readme(exportedAt: Date): string {
  return [
    `Your ${PRODUCT_NAME} data, as it was on ${exportedAt.toISOString()}.`,
    '',
    'profile.json        your name, e-mail address, phone, bio and when you joined',
    'settings.json       the settings kept on the server: data limit, two-factor on or off, your plan',
    'playlists.json      your playlists, each with its songs in order',
    'likes.json          the songs and playlists you liked',
    'follows.json        the artists you follow',
    'plays.json          every play recorded: the song, when, and how many seconds',
    'uploads.json        your releases and their songs, with the details you gave and the files you uploaded',
    'transactions.json   your payments',
    'notifications.json  the notifications Kora sent you',
    '',
    'Times are in UTC (ISO 8601). Settings kept only on your device (streaming quality, language…) are not here.',
    '',
  ].join('\n');
}

async function readProfile(db: Db, userId: number) {
  const [profile] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      bio: users.bio,
      joinedAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return profile ?? null;
}

async function readSettings(db: Db, userId: number) {
  const [user] = await db.select({ monthlyDataLimitMb: users.monthlyDataLimitMb }).from(users).where(eq(users.id, userId));
  const [factor] = await db.select({ enabled: twoFactor.enabled }).from(twoFactor).where(eq(twoFactor.userId, userId));
  const [subscription] = await db
    .select({
      plan: subscriptions.plan,
      status: subscriptions.status,
      nextBillingDate: subscriptions.nextBillingDate,
      renewal: subscriptions.renewal,
      paymentMethodType: subscriptions.paymentMethodType,
      paymentMethodBrand: subscriptions.paymentMethodBrand,
      paymentMethodLast4: subscriptions.paymentMethodLast4,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return {
    monthlyDataLimitMb: user?.monthlyDataLimitMb ?? null,
    twoFactorEnabled: factor?.enabled ?? false,
    subscription: subscription ?? null,
  };
}

async function* playlistPages(db: Db, userId: number) {
  for await (const page of keysetPages(
    COLLECTION_PAGE_SIZE,
    (after: number | undefined) =>
      db
        .select({ id: playlists.id, name: playlists.name, description: playlists.description, createdAt: playlists.createdAt, updatedAt: playlists.updatedAt })
        .from(playlists)
        .where(and(eq(playlists.userId, userId), eq(playlists.isEditorial, false), after === undefined ? undefined : gt(playlists.id, after)))
        .orderBy(asc(playlists.id))
        .limit(COLLECTION_PAGE_SIZE),
    (row) => row.id,
  )) {
    if (page.length === 0) {
      yield [];
      continue;
    }
    const entries = await db
      .select({
        playlistId: playlistSongs.playlistId,
        position: playlistSongs.position,
        songId: playlistSongs.songId,
        title: songTitle,
        artist: artistName,
        addedAt: playlistSongs.addedAt,
      })
      .from(playlistSongs)
      .innerJoin(songs, eq(songs.id, playlistSongs.songId))
      .innerJoin(artists, eq(artists.id, songs.artistId))
      .where(inArray(playlistSongs.playlistId, page.map((playlist) => playlist.id)))
      .orderBy(asc(playlistSongs.playlistId), asc(playlistSongs.position));
    yield page.map((playlist) => ({
      ...playlist,
      songs: entries.filter((entry) => entry.playlistId === playlist.id).map(({ playlistId: _playlistId, ...entry }) => entry),
    }));
  }
}

/** `{ "songs": [...], "playlists": [...] }`, each list written a page at a time. */
async function* likesChunks(db: Db, userId: number): AsyncIterable<string> {
  yield '{\n"songs": ';
  yield* jsonArrayChunks(
    keysetPages(
      PAGE_SIZE,
      (after: { at: Date; id: number } | undefined) =>
        db
          .select({ songId: likedSongs.songId, title: songTitle, artist: artistName, likedAt: likedSongs.createdAt })
          .from(likedSongs)
          .innerJoin(songs, eq(songs.id, likedSongs.songId))
          .innerJoin(artists, eq(artists.id, songs.artistId))
          .where(and(eq(likedSongs.userId, userId), afterTimeAndId(likedSongs.createdAt, likedSongs.songId, after)))
          .orderBy(asc(likedSongs.createdAt), asc(likedSongs.songId))
          .limit(PAGE_SIZE),
      (row) => ({ at: row.likedAt, id: row.songId }),
    ),
  );
  yield ',\n"playlists": ';
  yield* jsonArrayChunks(
    keysetPages(
      PAGE_SIZE,
      (after: number | undefined) =>
        db
          .select({ playlistId: likedPlaylists.playlistId, name: playlists.name, likedAt: likedPlaylists.createdAt })
          .from(likedPlaylists)
          .innerJoin(playlists, eq(playlists.id, likedPlaylists.playlistId))
          .where(and(eq(likedPlaylists.userId, userId), after === undefined ? undefined : gt(likedPlaylists.playlistId, after)))
          .orderBy(asc(likedPlaylists.playlistId))
          .limit(PAGE_SIZE),
      (row) => row.playlistId,
    ),
  );
  yield '}\n';
}

function followPages(db: Db, userId: number) {
  return keysetPages(
    PAGE_SIZE,
    (after: number | undefined) =>
      db
        .select({ artistId: artistFollows.artistId, name: artists.name, followedAt: artistFollows.createdAt })
        .from(artistFollows)
        .innerJoin(artists, eq(artists.id, artistFollows.artistId))
        .where(and(eq(artistFollows.userId, userId), after === undefined ? undefined : gt(artistFollows.artistId, after)))
        .orderBy(asc(artistFollows.artistId))
        .limit(PAGE_SIZE),
    (row) => row.artistId,
  );
}

/** Along the (listener, time) index, so each page is an index range however many plays there are. */
function playPages(db: Db, userId: number) {
  return keysetPages(
    PAGE_SIZE,
    (after: { at: Date; id: number } | undefined) =>
      db
        .select({
          id: plays.id,
          songId: plays.songId,
          title: songTitle,
          artist: artistName,
          playedAt: plays.playedAt,
          secondsPlayed: plays.secondsPlayed,
          offline: sql<boolean>`${plays.clientId} is not null`,
        })
        .from(plays)
        .innerJoin(songs, eq(songs.id, plays.songId))
        .innerJoin(artists, eq(artists.id, songs.artistId))
        .where(and(eq(plays.userId, userId), afterTimeAndId(plays.playedAt, plays.id, after)))
        .orderBy(asc(plays.playedAt), asc(plays.id))
        .limit(PAGE_SIZE),
    (row) => ({ at: row.playedAt, id: row.id }),
  );
}

async function* uploadPages(db: Db, userId: number) {
  for await (const page of keysetPages(
    COLLECTION_PAGE_SIZE,
    (after: number | undefined) =>
      db
        .select({
          id: releases.id,
          releaseType: releases.releaseType,
          title: releases.title,
          artist: artists.name,
          genre: releases.genre,
          language: releases.language,
          status: releases.status,
          rejectionReason: releases.rejectionReason,
          createdAt: releases.createdAt,
          reviewedAt: releases.reviewedAt,
        })
        .from(releases)
        .innerJoin(artists, eq(artists.id, releases.artistId))
        .where(and(eq(releases.userId, userId), after === undefined ? undefined : gt(releases.id, after)))
        .orderBy(asc(releases.id))
        .limit(COLLECTION_PAGE_SIZE),
    (row) => row.id,
  )) {
    if (page.length === 0) {
      yield [];
      continue;
    }
    const ids = page.map((release) => release.id);
    const tracks = await db
      .select({
        releaseId: songs.releaseId,
        songId: songs.id,
        title: songs.title,
        trackNumber: songs.trackNumber,
        duration: songs.duration,
        genre: songs.genre,
        language: songs.language,
        lyrics: songs.lyrics,
        producers: songs.producers,
        explicit: songs.explicit,
        status: songs.status,
        playCount: songs.playCount,
        createdAt: songs.createdAt,
      })
      .from(songs)
      .where(inArray(songs.releaseId, ids))
      .orderBy(asc(songs.releaseId), asc(songs.trackNumber), asc(songs.id));
    const files = await db
      .select({ releaseId: uploads.releaseId, songId: uploads.songId, kind: uploads.kind, originalName: uploads.originalName, mime: uploads.mime, size: uploads.size, uploadedAt: uploads.createdAt })
      .from(uploads)
      .where(and(inArray(uploads.releaseId, ids), or(eq(uploads.kind, 'audio'), eq(uploads.kind, 'instrumental'), eq(uploads.kind, 'cover'))))
      .orderBy(asc(uploads.id));
    yield page.map((release) => ({
      ...release,
      songs: tracks.filter((track) => track.releaseId === release.id).map(({ releaseId: _releaseId, ...track }) => track),
      files: files.filter((file) => file.releaseId === release.id).map(({ releaseId: _releaseId, ...file }) => file),
    }));
  }
}

function transactionPages(db: Db, userId: number) {
  return keysetPages(
    PAGE_SIZE,
    (after: number | undefined) =>
      db
        .select({
          id: transactions.id,
          amount: transactions.amount,
          currency: transactions.currency,
          transactionType: transactions.transactionType,
          status: transactions.status,
          billingPeriod: transactions.billingPeriod,
          reference: transactions.reference,
          channel: transactions.channel,
          paidAt: transactions.paidAt,
          periodStart: transactions.periodStart,
          periodEnd: transactions.periodEnd,
          createdAt: transactions.createdAt,
        })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), after === undefined ? undefined : gt(transactions.id, after)))
        .orderBy(asc(transactions.id))
        .limit(PAGE_SIZE),
    (row) => row.id,
  );
}

function notificationPages(db: Db, userId: number) {
  return keysetPages(
    PAGE_SIZE,
    (after: number | undefined) =>
      db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          title: notifications.title,
          message: notifications.message,
          isRead: notifications.isRead,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), after === undefined ? undefined : gt(notifications.id, after)))
        .orderBy(asc(notifications.id))
        .limit(PAGE_SIZE),
    (row) => row.id,
  );
}
