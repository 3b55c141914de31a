import type { IDBPDatabase } from 'idb';
import type { DownloadedCollection, DownloadedSong, OfflineDb, StoredLicence } from '../offline-db';

/** One listener's downloads index in IndexedDB. */
export function downloadStore(db: Promise<IDBPDatabase<OfflineDb>>, userId: number) {
  return {
    userId,
    async songs(): Promise<DownloadedSong[]> {
      return (await db).getAllFromIndex('songs', 'byUser', userId);
    },
    async song(songId: number): Promise<DownloadedSong | undefined> {
      return (await db).get('songs', [userId, songId]);
    },
    async putSong(song: DownloadedSong): Promise<void> {
      await (await db).put('songs', song);
    },
    async deleteSong(songId: number): Promise<void> {
      await (await db).delete('songs', [userId, songId]);
    },
    async collection(key: string): Promise<DownloadedCollection | undefined> {
      return (await db).get('collections', [userId, key]);
    },
    async collections(): Promise<DownloadedCollection[]> {
      return (await db).getAllFromIndex('collections', 'byUser', userId);
    },
    async putCollection(collection: DownloadedCollection): Promise<void> {
      await (await db).put('collections', collection);
    },
    async deleteCollection(key: string): Promise<void> {
      await (await db).delete('collections', [userId, key]);
    },
    async licence(): Promise<StoredLicence | undefined> {
      return (await db).get('licences', userId);
    },
    async putLicence(licence: StoredLicence): Promise<void> {
      await (await db).put('licences', licence);
    },
    async deleteLicence(): Promise<void> {
      await (await db).delete('licences', userId);
    },
  };
}

export type DownloadStore = ReturnType<typeof downloadStore>;
