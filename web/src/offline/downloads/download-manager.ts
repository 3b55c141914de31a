import { type DownloadQuality, type Song, songCoverUrl, storedImageCopies } from '@kora/contracts';
import type { DownloadedCollection, DownloadedSong } from '../offline-db';
import type { AudioCache } from './audio-cache';
import type { DownloadStore } from './download-store';
import { DownloadRefused, type FetchRendition } from './fetch-rendition';

/**
 * What a listener downloads: a song on its own ('song:7'), an album, a playlist or Liked Songs.
 * Its songs are read when the download starts: all of them, not just the pages on screen.
 */
export type DownloadTarget = { key: string; title: string; coverUrl: string | null; songs: () => Promise<Song[]> };

export type DownloadProgress = {
  key: string;
  title: string;
  songIds: number[];
  /** Songs of the target on the device so far. */
  done: number;
  current: { songId: number; received: number; total: number | null } | null;
};

export type DownloadsState = {
  ready: boolean;
  songs: ReadonlyMap<number, DownloadedSong>;
  collections: ReadonlyMap<string, DownloadedCollection>;
  active: DownloadProgress | null;
  /** What stopped the last download, in words for the listener. */
  error: string | null;
};

const PROGRESS_INTERVAL_MS = 250;

export const DOWNLOAD_OFFLINE_MESSAGE = 'The download stopped because the network went away. It carries on when you are back online.';
export const DOWNLOAD_NO_ROOM_MESSAGE = 'There is no room left on this device for downloads. Remove some downloads and try again.';

type Deps = {
  userId: number;
  store: DownloadStore;
  cache: AudioCache;
  fetchRendition: FetchRendition;
  quality: () => DownloadQuality;
  /** Before a download starts: the licence, the Wi-Fi rule, persistent storage. Throws what to tell the listener. */
  prepare: () => Promise<void>;
  now?: () => Date;
};

/** Only library songs with a file can be kept; a catalogue preview cannot. */
export const downloadable = (song: Song): song is Song & { id: number } => typeof song.id === 'number' && !song.isExternal && song.fileUrl !== null;

/** The cover copies lists show (160 and 320 px), kept with a downloaded song. */
export function keptCoverUrls(song: Song): string[] {
  const cover = songCoverUrl(song);
  const copies = cover ? storedImageCopies(cover) : undefined;
  return (copies ?? []).filter(({ width }) => width === 160 || width === 320).map(({ url }) => url);
}

/** How many of a collection's songs this device keeps, of how many it can keep. */
export function collectionProgress(collection: DownloadedCollection, songs: ReadonlyMap<number, DownloadedSong>) {
  const keepable = collection.songs.filter(downloadable);
  return { kept: keepable.filter((song) => songs.has(song.id)).length, keepable: keepable.length };
}

/** The space the kept songs' audio takes. */
export const keptBytes = (songs: ReadonlyMap<number, DownloadedSong>) => [...songs.values()].reduce((sum, kept) => sum + kept.size, 0);

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/**
 * One listener's downloads (issue 15): each song's whole rendition kept in Cache Storage and
 * indexed in IndexedDB, one song at a time. A collection is recorded before its songs, so a
 * download cut short by a reload or lost network carries on from where it stopped; a song enters
 * the index only once its audio is stored, so nothing half-kept ever looks playable.
 */
export function createDownloadManager({ userId, store, cache, fetchRendition, quality, prepare, now = () => new Date() }: Deps) {
  let state: DownloadsState = { ready: false, songs: new Map(), collections: new Map(), active: null, error: null };
  const listeners = new Set<() => void>();
  const waiting: string[] = [];
  let running: Promise<void> | null = null;

  function update(change: Partial<DownloadsState>) {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  }

  async function reload() {
    const [songs, collections] = await Promise.all([store.songs(), store.collections()]);
    update({
      ready: true,
      songs: new Map(songs.map((song) => [song.songId, song])),
      collections: new Map(collections.map((collection) => [collection.key, collection])),
    });
  }

  const idsOf = (collection: DownloadedCollection) => collection.songs.filter(downloadable).map((song) => song.id);

  function missing(collection: DownloadedCollection): number[] {
    return idsOf(collection).filter((id) => !state.songs.has(id));
  }

  /** Indexes a kept song and shows it, without reading the whole index again (a long list would redo it per song). */
  async function index(record: DownloadedSong) {
    await store.putSong(record);
    update({ songs: new Map(state.songs).set(record.songId, record) });
  }

  async function keepSong(collection: DownloadedCollection, song: Song & { id: number }) {
    const kept = await store.song(song.id);
    if (kept) {
      if (!kept.collections.includes(collection.key)) await index({ ...kept, collections: [...kept.collections, collection.key] });
      return;
    }
    // Every screen showing downloads re-renders on a report: a few a second, not one per network chunk.
    let reportedAt = -Infinity;
    const report = (received: number, total: number | null) => {
      const at = Date.now();
      if (received !== total && at - reportedAt < PROGRESS_INTERVAL_MS) return;
      reportedAt = at;
      if (state.active) update({ active: { ...state.active, current: { songId: song.id, received, total } } });
    };
    report(0, null);
    const { audio, bitrateKbps } = await fetchRendition(song.id, quality(), report);
    try {
      await cache.put(song.id, audio);
    } catch (error) {
      // A put that failed part way must not leave audio behind that nothing indexes.
      await cache.delete(song.id).catch(() => undefined);
      throw error;
    }
    // Covers are for looks: a song plays without them, so one that fails to download is not an error.
    await cache.putImages(keptCoverUrls(song)).catch(() => undefined);
    await index({
      userId,
      songId: song.id,
      song,
      bitrateKbps,
      size: audio.size,
      downloadedAt: now().toISOString(),
      collections: [collection.key],
    });
  }

  async function runOne(key: string) {
    const collection = state.collections.get(key);
    if (!collection) return;
    const ids = idsOf(collection);
    update({ active: { key, title: collection.title, songIds: ids, done: ids.length - missing(collection).length, current: null } });
    for (const song of collection.songs.filter(downloadable)) {
      await keepSong(collection, song);
      update({ active: { ...state.active!, done: ids.length - missing(collection).length, current: null } });
    }
  }

  async function drain() {
    while (waiting.length > 0) {
      const key = waiting.shift()!;
      try {
        await runOne(key);
      } catch (error) {
        waiting.length = 0;
        if (error instanceof DownloadRefused) {
          // Refused before anything of it was kept (the plan changed): it must not stay listed as downloaded.
          const collection = state.collections.get(key);
          if (collection && missing(collection).length === idsOf(collection).length) await forget([key]);
          update({ error: error.message });
        } else if (isQuotaError(error)) {
          update({ error: DOWNLOAD_NO_ROOM_MESSAGE });
        } else {
          update({ error: DOWNLOAD_OFFLINE_MESSAGE });
        }
      }
    }
    update({ active: null });
  }

  function schedule(key: string) {
    if (!waiting.includes(key) && state.active?.key !== key) waiting.push(key);
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  async function forget(keys: string[]) {
    const dropped = new Set(keys);
    for (const key of keys) await store.deleteCollection(key);
    const removed: DownloadedSong[] = [];
    for (const kept of await store.songs()) {
      const collections = kept.collections.filter((key) => !dropped.has(key));
      if (collections.length === kept.collections.length) continue;
      if (collections.length > 0) {
        await store.putSong({ ...kept, collections });
      } else {
        await store.deleteSong(kept.songId);
        await cache.delete(kept.songId);
        removed.push(kept);
      }
    }
    // A cover goes with the last kept song that shows it (an album's songs share one).
    const stillShown = new Set((await store.songs()).flatMap((kept) => keptCoverUrls(kept.song)));
    const unused = [...new Set(removed.flatMap((kept) => keptCoverUrls(kept.song)))].filter((url) => !stillShown.has(url));
    await cache.deleteImages(unused).catch(() => undefined);
    await reload();
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getState: () => state,

    /** Reads the index, then carries on with any download a reload or lost network cut short. */
    async start(): Promise<void> {
      await reload();
      const unfinished = [...state.collections.values()].filter((collection) => missing(collection).length > 0);
      for (const collection of unfinished) void schedule(collection.key);
      await running;
    },

    actions: {

    /**
     * Keeps the target's songs on this device; resolves when they are all kept or the download
     * stopped, with what stopped it (null when nothing did).
     */
    async download(target: DownloadTarget): Promise<string | null> {
      update({ error: null });
      let songs: (Song & { id: number })[];
      try {
        await prepare();
        songs = (await target.songs()).filter(downloadable);
      } catch (error) {
        update({ error: error instanceof Error ? error.message : String(error) });
        return state.error;
      }
      await store.putCollection({
        userId,
        key: target.key,
        title: target.title,
        coverUrl: target.coverUrl,
        songs,
        downloadedAt: now().toISOString(),
      });
      await reload();
      await schedule(target.key);
      return state.error;
    },

    /** Removes a collection; its songs go unless another downloaded collection holds them too. */
    remove: (key: string) => forget([key]),

    async removeAll(): Promise<void> {
      await forget([...(await store.collections()).map((collection) => collection.key)]);
    },

    dismissError: () => update({ error: null }),
    },
  };
}

export type DownloadManager = ReturnType<typeof createDownloadManager>;
