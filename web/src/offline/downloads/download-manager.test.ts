import 'fake-indexeddb/auto';
import type { Song } from '@kora/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildSong } from '../../player/test-songs';
import { openOfflineDb } from '../offline-db';
import type { AudioCache } from './audio-cache';
import { backgroundDownloadId, downloadUrl, parseBackgroundDownloadId, songIdOfDownload } from './background-download-id';
import {
  type BackgroundDownloads,
  createDownloadManager,
  DOWNLOAD_CANCELLED_MESSAGE,
  DOWNLOAD_NO_ROOM_MESSAGE,
  DOWNLOAD_OFFLINE_MESSAGE,
  type DownloadTarget,
} from './download-manager';
import { downloadStore } from './download-store';
import { DownloadRefused, type FetchRendition } from './fetch-rendition';
import { keepDownloadedSong } from './keep-downloaded-song';

const song = (id: number, extra: Partial<Song> = {}) => buildSong(id, extra);

const playlist = (key: string, ids: number[]): DownloadTarget => ({ key, title: key, coverUrl: null, songs: async () => ids.map((id) => song(id)) });

let nextUser = 1;
function setUp({ fetchRendition, cache, background }: { fetchRendition?: FetchRendition; cache?: AudioCache; background?: BackgroundDownloads } = {}) {
  const userId = nextUser++;
  const kept = new Map<number, Blob>();
  const images = new Set<string>();
  const memoryCache: AudioCache = cache ?? {
    put: async (id, audio) => void kept.set(id, audio),
    delete: async (id) => void kept.delete(id),
    putImages: async (urls) => urls.forEach((url) => images.add(url)),
    deleteImages: async (urls) => urls.forEach((url) => images.delete(url)),
  };
  const fetched: number[] = [];
  const fetcher: FetchRendition =
    fetchRendition ??
    (async (id, _quality, onProgress) => {
      fetched.push(id);
      onProgress(5, 10);
      onProgress(10, 10);
      return { audio: new Blob([`audio ${id}`], { type: 'audio/mpeg' }), bitrateKbps: 128 };
    });
  const deps = {
    store: downloadStore(openOfflineDb(), userId),
    cache: memoryCache,
    fetchRendition: fetcher,
    quality: () => 'medium' as const,
    prepare: vi.fn(async () => undefined),
    background,
  };
  return { manager: createDownloadManager(deps), kept, images, fetched, deps };
}

const sha = (n: number) => String(n).padStart(2, '0').repeat(32);
const cover = (n: number) => `/api/media/${sha(n).slice(0, 2)}/${sha(n)}.webp`;
const copies = (n: number) => [160, 320].map((width) => cover(n).replace('.webp', `.w${width}.webp`));

describe('downloads', () => {
  it("keeps each song's 160 and 320 px covers, and drops a cover with the last song that shows it", async () => {
    const { manager, images } = setUp();
    const album = { id: 5, title: 'Album', coverUrl: cover(5) };
    const target: DownloadTarget = {
      key: 'album:5',
      title: 'Album',
      coverUrl: album.coverUrl,
      songs: async () => [song(1, { album }), song(2, { album }), song(3, { coverArtUrl: cover(3) })],
    };
    await manager.actions.download(target);
    expect([...images].sort()).toEqual([...copies(3), ...copies(5)].sort());

    await manager.actions.download(playlist('playlist:9', [1]));
    await manager.actions.remove('album:5');
    // Song 1 stays with the playlist, and with it the album's cover.
    expect([...images].sort()).toEqual(copies(5).sort());
    await manager.actions.removeAll();
    expect([...images]).toEqual([]);
  });

  it('keeps every song of a playlist with its quality and size, and reports progress', async () => {
    const { manager, kept, deps } = setUp();
    const seen: number[] = [];
    manager.subscribe(() => {
      const active = manager.getState().active;
      if (active) seen.push(active.done);
    });
    await manager.actions.download(playlist('playlist:1', [1, 2, 3]));

    const state = manager.getState();
    expect([...state.songs.keys()].sort()).toEqual([1, 2, 3]);
    expect(state.songs.get(2)).toMatchObject({ bitrateKbps: 128, size: 'audio 2'.length, collections: ['playlist:1'] });
    expect(state.collections.get('playlist:1')?.songs.map((kept) => kept.id)).toEqual([1, 2, 3]);
    expect([...kept.keys()].sort()).toEqual([1, 2, 3]);
    expect(seen).toContain(3);
    expect(state.active).toBeNull();
    expect(deps.prepare).toHaveBeenCalledTimes(1);
  });

  it('leaves out catalogue previews, and fetches a song shared by two collections once', async () => {
    const { manager, fetched } = setUp();
    await manager.actions.download({ ...playlist('playlist:1', [1, 2]), songs: async () => [song(1), song(2), song(9, { isExternal: true })] });
    await manager.actions.download(playlist('album:4', [2, 3]));
    expect(fetched).toEqual([1, 2, 3]);
    expect(manager.getState().songs.get(2)?.collections).toEqual(['playlist:1', 'album:4']);

    // Removing one collection keeps what the other still holds.
    await manager.actions.remove('playlist:1');
    expect([...manager.getState().songs.keys()].sort()).toEqual([2, 3]);
    await manager.actions.removeAll();
    expect(manager.getState().songs.size).toBe(0);
    expect(manager.getState().collections.size).toBe(0);
  });

  it('keeps nothing of a song whose download was cut off, and carries on after a restart', async () => {
    let online = false;
    const fetchRendition: FetchRendition = async (id) => {
      if (id === 2 && !online) throw new TypeError('Failed to fetch');
      return { audio: new Blob(['x']), bitrateKbps: 64 };
    };
    const first = setUp({ fetchRendition });
    await first.manager.actions.download(playlist('playlist:1', [1, 2, 3]));
    expect(first.manager.getState().error).toBe(DOWNLOAD_OFFLINE_MESSAGE);
    expect([...first.manager.getState().songs.keys()]).toEqual([1]);
    expect([...first.kept.keys()]).toEqual([1]);

    // The page reloads with the network back: the same listener's index resumes the playlist.
    online = true;
    const again = createDownloadManager({ ...first.deps, cache: { ...first.deps.cache, put: async () => undefined } });
    await again.start();
    expect([...again.getState().songs.keys()].sort()).toEqual([1, 2, 3]);
  });

  it('on a full disk, stores nothing of that song and says there is no room', async () => {
    const deleted: number[] = [];
    const cache: AudioCache = {
      put: async (id) => {
        if (id === 2) throw new DOMException('full', 'QuotaExceededError');
      },
      delete: async (id) => void deleted.push(id),
      putImages: async () => undefined,
      deleteImages: async () => undefined,
    };
    const { manager } = setUp({ cache });
    await manager.actions.download(playlist('playlist:1', [1, 2, 3]));
    expect(manager.getState().error).toBe(DOWNLOAD_NO_ROOM_MESSAGE);
    expect([...manager.getState().songs.keys()]).toEqual([1]);
    expect(deleted).toEqual([2]);
  });

  it('a refusal (no longer Premium) leaves nothing listed and says why; so does a failed preparation', async () => {
    const refused = setUp({
      fetchRendition: async () => {
        throw new DownloadRefused('Downloads are a Premium feature.');
      },
    });
    await refused.manager.actions.download(playlist('playlist:1', [1, 2]));
    expect(refused.manager.getState().error).toBe('Downloads are a Premium feature.');
    expect(refused.manager.getState().collections.size).toBe(0);

    const wifi = setUp();
    wifi.deps.prepare.mockRejectedValueOnce(new Error('Downloads wait for Wi-Fi.'));
    await wifi.manager.actions.download(playlist('playlist:1', [1]));
    expect(wifi.manager.getState().error).toBe('Downloads wait for Wi-Fi.');
    expect(wifi.fetched).toEqual([]);
    expect(wifi.manager.getState().collections.size).toBe(0);
  });

  it('drops at start the songs of a collection whose removal was cut short', async () => {
    const first = setUp();
    await first.manager.actions.download(playlist('playlist:1', [1, 2]));
    await first.manager.actions.download(playlist('album:2', [2]));
    // The page closed right after the collection left the index, before its songs did.
    await first.deps.store.deleteCollection('playlist:1');
    const again = createDownloadManager(first.deps);
    await again.start();
    expect([...again.getState().songs.keys()]).toEqual([2]);
    expect(again.getState().songs.get(2)?.collections).toEqual(['album:2']);
    expect([...first.kept.keys()]).toEqual([2]);
  });

  it("never shows another listener's downloads", async () => {
    const one = setUp();
    await one.manager.actions.download(playlist('playlist:1', [1]));
    const other = setUp();
    await other.manager.start();
    expect(other.manager.getState().songs.size).toBe(0);
  });
});

describe('downloads in the background', () => {
  /**
   * A stand-in for the browser's Background Fetch and the service worker behind it: it "fetches"
   * the songs it is handed and stores those it is told to, as the worker does, under the same index.
   */
  function browserFetching(deliver: (songIds: number[]) => { stored: number[]; outcome: Awaited<ReturnType<BackgroundDownloads['run']>> }) {
    const jobs: { key: string; songIds: number[] }[] = [];
    const cancelled: string[] = [];
    const background: BackgroundDownloads = {
      async run({ key, songIds }, progress) {
        jobs.push({ key, songIds });
        const { stored, outcome } = deliver(songIds);
        const store = target.deps.store;
        for (const id of stored) {
          progress.bytes(id * 100);
          progress.songFetched();
          await keepDownloadedSong({ store, cache: target.deps.cache, collectionKey: key, song: { ...song(id), id }, audio: new Blob([`bg ${id}`]), bitrateKbps: 96, now: new Date() });
        }
        return outcome;
      },
      async cancel(key) {
        cancelled.push(key);
      },
    };
    const target = setUp({ background });
    return { ...target, jobs, cancelled };
  }

  it('hands the songs to the browser, and the app fetches none of them itself', async () => {
    const { manager, fetched, jobs, kept } = browserFetching((ids) => ({ stored: ids, outcome: 'stored' }));
    const seen: { done: number; bytes: number | null }[] = [];
    manager.subscribe(() => {
      const active = manager.getState().active;
      if (active) seen.push({ done: active.done, bytes: active.backgroundBytes });
    });
    await manager.actions.download(playlist('playlist:1', [1, 2, 3]));
    expect(jobs).toEqual([{ key: 'playlist:1', songIds: [1, 2, 3] }]);
    expect(fetched).toEqual([]);
    expect([...kept.keys()].sort()).toEqual([1, 2, 3]);
    expect(manager.getState().songs.get(2)).toMatchObject({ bitrateKbps: 96, collections: ['playlist:1'] });
    expect(seen.map((step) => step.done)).toContain(3);
    expect(seen.some((step) => step.bytes === 100)).toBe(true);
    expect(manager.getState()).toMatchObject({ active: null, error: null });
  });

  it('fetches what the browser did not bring, and hands over only songs not yet kept', async () => {
    const { manager, fetched, jobs } = browserFetching((ids) => ({ stored: ids.slice(0, 1), outcome: 'failed' }));
    await manager.actions.download(playlist('playlist:1', [1, 2, 3]));
    expect(fetched).toEqual([2, 3]);
    await manager.actions.download(playlist('album:2', [3, 4]));
    expect(jobs.at(-1)).toEqual({ key: 'album:2', songIds: [4] });
    expect([...manager.getState().songs.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(manager.getState().songs.get(3)?.collections).toEqual(['playlist:1', 'album:2']);
  });

  it('fetches everything itself where the browser cannot take it now', async () => {
    const { manager, fetched } = browserFetching(() => ({ stored: [], outcome: 'unavailable' }));
    await manager.actions.download(playlist('playlist:1', [1, 2]));
    expect(fetched).toEqual([1, 2]);
    expect(manager.getState().error).toBeNull();
  });

  it('cancelled in the browser: keeps what came, fetches nothing more, and says so', async () => {
    const { manager, fetched } = browserFetching((ids) => ({ stored: ids.slice(0, 1), outcome: 'cancelled' }));
    await manager.actions.download(playlist('playlist:1', [1, 2, 3]));
    expect(fetched).toEqual([]);
    expect(manager.getState().error).toBe(DOWNLOAD_CANCELLED_MESSAGE);
    expect([...manager.getState().songs.keys()]).toEqual([1]);
    expect(manager.getState().collections.has('playlist:1')).toBe(true);
  });

  it("removing a collection stops the browser's fetch of it", async () => {
    const { manager, cancelled } = browserFetching((ids) => ({ stored: ids, outcome: 'stored' }));
    await manager.actions.download(playlist('playlist:1', [1]));
    await manager.actions.remove('playlist:1');
    expect(cancelled).toEqual(['playlist:1']);
    expect(manager.getState().songs.size).toBe(0);
  });
});

describe('background download ids and URLs', () => {
  it('name the listener and collection, and the song, and refuse anything else', () => {
    expect(parseBackgroundDownloadId(backgroundDownloadId(7, 'playlist:12'))).toEqual({ userId: 7, key: 'playlist:12' });
    expect(parseBackgroundDownloadId(backgroundDownloadId(7, 'song:3'))).toEqual({ userId: 7, key: 'song:3' });
    for (const id of ['other:7:playlist:1', 'kora-download:x:liked', 'kora-download:0:liked', 'kora-download:7:', 'kora-download:liked']) {
      expect(parseBackgroundDownloadId(id), id).toBeNull();
    }
    expect(songIdOfDownload(`https://kora.example${downloadUrl(42, 'low')}`)).toBe(42);
    expect(songIdOfDownload('/api/songs/42/stream')).toBeNull();
  });
});
