import type { OfflineLicencePublicKey, Song } from '@kora/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QueuedPlay, QueuedPlayStore } from './offline-play-queue';

/** A song kept on the device for one listener: what the app shows and plays with no network. */
export type DownloadedSong = {
  userId: number;
  songId: number;
  song: Song;
  /** The rendition kept, as the server said (X-Kora-Bitrate); null when it did not say. */
  bitrateKbps: number | null;
  size: number;
  downloadedAt: string;
  /** The collections it was downloaded with ('playlist:12', 'album:3', 'liked'; 'song' on its own). */
  collections: string[];
};

/** A collection the listener downloaded: its songs are kept while it is. */
export type DownloadedCollection = {
  userId: number;
  key: string;
  title: string;
  coverUrl: string | null;
  /** Its songs as they were when it was downloaded: enough to carry on after a reload, and to list it offline. */
  songs: Song[];
  downloadedAt: string;
};

/** The listener's offline licence (issue 15): the service worker checks it before playing a download. */
export type StoredLicence = {
  userId: number;
  licence: string;
  expiresAt: string;
  publicKey: OfflineLicencePublicKey;
};

export interface OfflineDb extends DBSchema {
  plays: { key: string; value: QueuedPlay; indexes: { byUser: [number, string] } };
  songs: { key: [number, number]; value: DownloadedSong; indexes: { byUser: number; bySong: number } };
  collections: { key: [number, string]; value: DownloadedCollection; indexes: { byUser: number } };
  licences: { key: number; value: StoredLicence };
}

export const OFFLINE_DB_NAME = 'kora-offline';

/** The device's offline data (issue 15), in one IndexedDB database the app and service worker share. */
export function openOfflineDb(): Promise<IDBPDatabase<OfflineDb>> {
  return openDB<OfflineDb>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      const plays = db.createObjectStore('plays', { keyPath: 'clientId' });
      // A listener's plays in the order they were heard.
      plays.createIndex('byUser', ['userId', 'playedAt']);
      const songs = db.createObjectStore('songs', { keyPath: ['userId', 'songId'] });
      songs.createIndex('byUser', 'userId');
      // Who kept a song: the service worker checks their licence before playing it.
      songs.createIndex('bySong', 'songId');
      db.createObjectStore('collections', { keyPath: ['userId', 'key'] }).createIndex('byUser', 'userId');
      db.createObjectStore('licences', { keyPath: 'userId' });
    },
  });
}

export function queuedPlayStore(db: Promise<IDBPDatabase<OfflineDb>>): QueuedPlayStore {
  return {
    async add(play) {
      await (await db).put('plays', play);
    },
    async list(userId, limit) {
      const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
      return (await db).getAllFromIndex('plays', 'byUser', range, limit);
    },
    async remove(clientIds) {
      const tx = (await db).transaction('plays', 'readwrite');
      await Promise.all([...clientIds.map((id) => tx.store.delete(id)), tx.done]);
    },
  };
}
