import type { DownloadQuality, Song } from '@kora/contracts';
import type { DownloadedCollection, DownloadedSong } from '../offline-db';
import type { AudioCache } from './audio-cache';
import type { BackgroundOutcome } from './background-download-id';
import type { DownloadStore } from './download-store';
import { DownloadRefused, type FetchRendition } from './fetch-rendition';
import { addToCollection, downloadable, keepDownloadedSong } from './keep-downloaded-song';
import { keptCoverUrls } from './kept-covers';

/**
 * What a listener downloads: a song on its own ('song:7'), an album, a playlist or Liked Songs.
 * Its songs are read when the download starts: all of them, not just the pages on screen.
 */
export type DownloadTarget = { key: string; title: string; coverUrl: string | null; songs: () => Promise<Song[]> };

export type DownloadProgress = {
  key: string;
  title: string;
  songIds: number[];
  /** Songs of the target on the device so far (or, in the background, that the browser has fetched). */
  done: number;
  current: { songId: number; received: number; total: number | null } | null;
  /** Bytes the browser has fetched so far when it downloads in the background; null in the foreground. */
  backgroundBytes: number | null;
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
export const DOWNLOAD_CANCELLED_MESSAGE = 'The download was cancelled. What was already downloaded is kept.';

/**
 * The browser's Background Fetch (Chrome, Android included): it carries on with the page closed or
 * the phone asleep, and pauses while the network is away. The service worker stores what it brings.
 */
export type BackgroundDownloads = {
  /**
   * Hands these songs to the browser (or finds its fetch of them still running after a reload) and
   * resolves when the service worker has stored what came; 'unavailable' when the browser cannot
   * take it now (no service worker yet, or it said no), and the app fetches the songs itself.
   */
  run(
    job: { key: string; title: string; songIds: number[]; quality: DownloadQuality },
    progress: { songFetched: () => void; bytes: (received: number) => void },
  ): Promise<BackgroundOutcome | 'unavailable'>;
  /** Stops the browser's fetch of a collection being removed. */
  cancel(key: string): Promise<void>;
};

class DownloadCancelled extends Error {}

type Deps = {
  store: DownloadStore;
  cache: AudioCache;
  fetchRendition: FetchRendition;
  quality: () => DownloadQuality;
  /** Before a download starts: the licence, the Wi-Fi rule, persistent storage. Throws what to tell the listener. */
  prepare: () => Promise<void>;
  /** Where the browser has it; otherwise every song is fetched in the foreground. */
  background?: BackgroundDownloads;
  now?: () => Date;
};

/** How many of a collection's songs this device keeps, of how many it can keep. */
export function collectionProgress(collection: DownloadedCollection, songs: ReadonlyMap<number, DownloadedSong>) {
  const keepable = collection.songs.filter(downloadable);
  return { kept: keepable.filter((song) => songs.has(song.id)).length, keepable: keepable.length };
}

/** The space the kept songs' audio takes. */
export const keptBytes = (songs: ReadonlyMap<number, DownloadedSong>) => [...songs.values()].reduce((sum, kept) => sum + kept.size, 0);

export const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/**
 * One listener's downloads (issue 15): each song's whole rendition kept in Cache Storage and
 * indexed in IndexedDB. The browser fetches a collection's songs in the background where it can;
 * the app fetches, one at a time, whatever that did not bring, and everything where it cannot. A
 * collection is recorded before its songs, so a download cut short by a reload or lost network
 * carries on from where it stopped; a song enters the index only once its audio is stored, so
 * nothing half-kept ever looks playable.
 */
export function createDownloadManager({ store, cache, fetchRendition, quality, prepare, background, now = () => new Date() }: Deps) {
  let state: DownloadsState = { ready: false, songs: new Map(), collections: new Map(), active: null, error: null };
  const listeners = new Set<() => void>();
  const waiting: string[] = [];
  let running: Promise<void> | null = null;
  /** Collections being removed: their background fetch ends as cancelled, and that is no news to the listener. */
  const removing = new Set<string>();

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

  /** A report for every network chunk would re-render every screen showing downloads: a few a second is enough. */
  function throttled<A extends unknown[]>(report: (...args: A) => void, isLast: (...args: A) => boolean = () => false) {
    let reportedAt = -Infinity;
    return (...args: A) => {
      const at = Date.now();
      if (!isLast(...args) && at - reportedAt < PROGRESS_INTERVAL_MS) return;
      reportedAt = at;
      report(...args);
    };
  }

  async function keepSong(collection: DownloadedCollection, song: Song & { id: number }) {
    const kept = await store.song(song.id);
    if (kept) {
      await index(await addToCollection(store, kept, collection.key));
      return;
    }
    const report = throttled(
      (received: number, total: number | null) => {
        if (state.active) update({ active: { ...state.active, current: { songId: song.id, received, total } } });
      },
      (received, total) => received === total,
    );
    report(0, null);
    const { audio, bitrateKbps } = await fetchRendition(song.id, quality(), report);
    await index(await keepDownloadedSong({ store, cache, collectionKey: collection.key, song, audio, bitrateKbps, now: now() }));
  }

  /** Hands the songs not yet kept to the browser's Background Fetch, where it has one; the service worker stores them. */
  async function fetchInBackground(collection: DownloadedCollection, keptBefore: () => number) {
    const songIds = missing(collection);
    if (!background || songIds.length === 0) return;
    let fetched = 0;
    const progress = {
      songFetched: () => {
        fetched += 1;
        if (state.active) update({ active: { ...state.active, done: keptBefore() + fetched } });
      },
      bytes: throttled((received: number) => {
        if (state.active) update({ active: { ...state.active, backgroundBytes: received } });
      }),
    };
    const outcome = await background.run({ key: collection.key, title: collection.title, songIds, quality: quality() }, progress);
    if (outcome === 'unavailable') return;
    // The service worker indexed what came: read it, then fetch whatever is still missing here.
    await reload();
    if (outcome === 'cancelled' && !removing.has(collection.key) && state.collections.has(collection.key)) throw new DownloadCancelled(DOWNLOAD_CANCELLED_MESSAGE);
  }

  async function runOne(key: string) {
    const collection = state.collections.get(key);
    if (!collection) return;
    const ids = idsOf(collection);
    const keptNow = () => ids.length - missing(collection).length;
    update({ active: { key, title: collection.title, songIds: ids, done: keptNow(), current: null, backgroundBytes: background && missing(collection).length > 0 ? 0 : null } });
    await fetchInBackground(collection, keptNow);
    // Removed while the browser was fetching it.
    if (!state.collections.has(key)) return;
    update({ active: { ...state.active!, done: keptNow(), backgroundBytes: null } });
    for (const song of collection.songs.filter(downloadable)) {
      await keepSong(collection, song);
      update({ active: { ...state.active!, done: keptNow(), current: null } });
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
        } else if (error instanceof DownloadCancelled) {
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

  /**
   * Drops every kept song no downloaded collection holds any more, with its audio and, with the
   * last song that shows it, its cover (an album's songs share one).
   */
  async function dropUnheld() {
    const held = new Set((await store.collections()).map((collection) => collection.key));
    const removed: DownloadedSong[] = [];
    for (const kept of await store.songs()) {
      const collections = kept.collections.filter((key) => held.has(key));
      if (collections.length === kept.collections.length) continue;
      if (collections.length > 0) {
        await store.putSong({ ...kept, collections });
      } else {
        await store.deleteSong(kept.songId);
        await cache.delete(kept.songId);
        removed.push(kept);
      }
    }
    const stillShown = new Set((await store.songs()).flatMap((kept) => keptCoverUrls(kept.song)));
    const unused = [...new Set(removed.flatMap((kept) => keptCoverUrls(kept.song)))].filter((url) => !stillShown.has(url));
    await cache.deleteImages(unused).catch(() => undefined);
  }

  async function forget(keys: string[]) {
    for (const key of keys) {
      removing.add(key);
      // Out of the index first: the worker stores nothing more of a collection that is gone.
      await store.deleteCollection(key);
      await background?.cancel(key).catch(() => undefined);
    }
    await dropUnheld();
    await reload();
    for (const key of keys) removing.delete(key);
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
      // A removal cut short by closing the page can leave songs whose collection is gone: they go now.
      await dropUnheld();
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
        userId: store.userId,
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
