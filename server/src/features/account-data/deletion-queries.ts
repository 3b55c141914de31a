import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accountDeletions,
  albums,
  artists,
  loginChallenges,
  notifications,
  paymentSubscriptions,
  playlists,
  releases,
  sessions,
  songRenditions,
  songs,
  subscriptions,
  uploads,
  users,
} from '../../db/schema.js';

export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

/** A song the listener uploaded: of one of their releases, or (from before releases) by them alone. */
const uploadedBy = (userId: number) =>
  or(inArray(songs.releaseId, sql`(select ${releases.id} from ${releases} where ${releases.userId} = ${userId})`), and(eq(songs.uploadedBy, userId), isNull(songs.releaseId)));

export const ACCOUNT_RESTORED_NOTIFICATION = {
  title: 'Welcome back',
  message: 'You signed in, so your account is no longer being deleted. Your uploads and playlists are back as they were.',
};

/** The SQL of deleting an account: the grace period's start and undo, and the purge at its end. */
export function createDeletionQueries(db: Db) {
  return {
    async findPending(userId: number, tx: Db = db): Promise<AccountDeletionRow | undefined> {
      const [row] = await tx.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
      return row;
    },

    /** The account's row, held until the transaction ends: its deletion and its sign-ins wait for each other. */
    async lockUser(tx: Db, userId: number) {
      const [row] = await tx.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    async insertPending(tx: Db, row: AccountDeletionRow): Promise<void> {
      await tx
        .insert(accountDeletions)
        .values(row)
        .onConflictDoUpdate({ target: accountDeletions.userId, set: { requestedAt: row.requestedAt, purgeAt: row.purgeAt } });
    },

    /** Every session and half-finished sign-in of the account: it is signed out everywhere at once. */
    async endSessions(tx: Db, userId: number): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    },

    /**
     * Takes the listener's uploads down: their live and in-review releases and songs become
     * 'withdrawn', which every list, page, search and stream treats as not live. A review still
     * running finds its release no longer in review and records nothing.
     */
    async withdrawUploads(tx: Db, userId: number): Promise<void> {
      await tx
        .update(songs)
        .set({ status: 'withdrawn' })
        .where(and(uploadedBy(userId), inArray(songs.status, ['live', 'processing'])));
      await tx
        .update(releases)
        .set({ status: 'withdrawn' })
        .where(and(eq(releases.userId, userId), inArray(releases.status, ['live', 'processing'])));
    },

    /**
     * Stops Premium from renewing: the local subscription is canceled (it keeps what was paid for
     * until its billing date) and the card subscriptions the provider would charge are returned, to
     * be stopped with the provider by the 'stop-provider-renewal' job.
     */
    async stopRenewals(tx: Db, userId: number): Promise<string[]> {
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, 'premium'), sql`${subscriptions.status} <> 'canceled'`));
      const rows = await tx
        .select({ code: paymentSubscriptions.code })
        .from(paymentSubscriptions)
        .where(and(eq(paymentSubscriptions.userId, userId), eq(paymentSubscriptions.status, 'active')));
      return rows.map((row) => row.code);
    },

    /**
     * Undoes a pending deletion as its listener signs in: the uploads come back (a release never
     * reviewed goes back to review, returned for its job), and a notification says so. Undefined
     * when the account was not being deleted.
     */
    async restore(tx: Db, userId: number): Promise<{ releasesToReview: number[] } | undefined> {
      const [pending] = await tx.delete(accountDeletions).where(eq(accountDeletions.userId, userId)).returning();
      if (!pending) return undefined;
      const restored = await tx
        .update(releases)
        .set({ status: sql`case when ${releases.reviewedAt} is null then 'processing' else 'live' end` })
        .where(and(eq(releases.userId, userId), eq(releases.status, 'withdrawn')))
        .returning({ id: releases.id, status: releases.status });
      // A song follows its release back; one without a release was live when withdrawn.
      await tx
        .update(songs)
        .set({ status: sql`coalesce((select r.status from ${releases} r where r.id = ${songs.releaseId}), 'live')` })
        .where(and(uploadedBy(userId), eq(songs.status, 'withdrawn')));
      await tx.insert(notifications).values({ userId, kind: 'account-restored', ...ACCOUNT_RESTORED_NOTIFICATION });
      return { releasesToReview: restored.filter((release) => release.status === 'processing').map((release) => release.id) };
    },

    /**
     * Every stored object the account's rows refer to: its songs' audio, covers and renditions, its
     * albums' covers, its artists' pictures, its playlists' covers and its uploaded files. Read before
     * the purge deletes the rows; each is deleted afterwards unless another row still uses it.
     */
    async findMediaKeys(tx: Db, userId: number): Promise<string[]> {
      const ownArtists = sql`(select ${artists.id} from ${artists} where ${artists.createdBy} = ${userId})`;
      const ownSongs = or(uploadedBy(userId), inArray(songs.artistId, ownArtists));
      const rows = await unionAll(
        tx.select({ key: songs.fileKey }).from(songs).where(ownSongs),
        tx.select({ key: songs.coverKey }).from(songs).where(ownSongs),
        tx
          .select({ key: songRenditions.fileKey })
          .from(songRenditions)
          .innerJoin(songs, eq(songs.id, songRenditions.songId))
          .where(ownSongs),
        tx
          .select({ key: albums.coverKey })
          .from(albums)
          .where(or(inArray(albums.artistId, ownArtists), inArray(albums.releaseId, sql`(select ${releases.id} from ${releases} where ${releases.userId} = ${userId})`))),
        tx.select({ key: artists.imageKey }).from(artists).where(eq(artists.createdBy, userId)),
        tx.select({ key: playlists.coverKey }).from(playlists).where(eq(playlists.userId, userId)),
        tx.select({ key: uploads.storageKey }).from(uploads).where(or(eq(uploads.userId, userId), inArray(uploads.releaseId, sql`(select ${releases.id} from ${releases} where ${releases.userId} = ${userId})`))),
      );
      return [...new Set(rows.flatMap((row) => (row.key ? [row.key] : [])))];
    },

    /**
     * Deletes the account for good. What the listener made goes first: their artists (with those
     * artists' songs and albums), releases and songs; then the account's row, whose foreign keys take
     * every personal row with it (profile, sessions, playlists, likes, follows, plays, listening
     * totals, notifications, subscription, payments, two-factor, support requests, data usage).
     * Counts others see follow from what remains: a song's play count keeps the listener's plays
     * (they happened), an artist's followers no longer count them.
     */
    async purge(tx: Db, userId: number): Promise<void> {
      await tx.delete(artists).where(eq(artists.createdBy, userId));
      await tx.delete(songs).where(uploadedBy(userId));
      await tx.delete(releases).where(eq(releases.userId, userId));
      await tx.delete(uploads).where(eq(uploads.userId, userId));
      await tx.delete(users).where(eq(users.id, userId));
    },
  };
}

export type DeletionQueries = ReturnType<typeof createDeletionQueries>;
