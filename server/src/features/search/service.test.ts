import type { Artist, Song } from '@kora/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ExternalSongSource, SearchSource } from '../../providers/catalogue-provider.js';
import { type LocalResults, SEARCH_SONG_LIMIT } from './local-search.js';
import { createSearchService } from './service.js';

function song(id: Song['id'], source: Song['source'] = 'local'): Song {
  return {
    id,
    title: `Song ${id}`,
    artist: { id: 1, name: 'Aṣa', imageUrl: null, deezerId: null },
    album: null,
    coverArtUrl: null,
    fileUrl: null,
    duration: 180,
    isExternal: source !== 'local',
    isPreview: source !== 'local',
    externalId: source === 'local' ? null : String(id).replace(`${source}-`, ''),
    deezerId: null,
    playCount: 0,
    trackGainDb: null,
    source,
  };
}

const artist: Artist = { id: 1, name: 'Aṣa', bio: null, imageUrl: null, deezerId: null };
const local: LocalResults = { songs: [song(1), song(2), song('deezer-7', 'deezer')], artists: [artist] };

function answering(source: ExternalSongSource, songs: Song[]): SearchSource {
  return { source, search: async () => songs };
}

/** A catalogue that never answers; it records whether search told it to stop. */
function hanging(source: ExternalSongSource, { listens = true } = {}) {
  const seen: { signal?: AbortSignal } = {};
  const double: SearchSource = {
    source,
    search: (_q, { signal }) => {
      seen.signal = signal;
      return new Promise((_, reject) => {
        if (listens) signal.addEventListener('abort', () => reject(signal.reason));
      });
    },
  };
  return { double, seen };
}

function serviceWith(sources: SearchSource[], searchLocal = async () => local) {
  return createSearchService({ searchLocal, sources, sourceTimeoutMs: 20 });
}

describe('search service', () => {
  it('answers the library alone when no catalogue is configured', async () => {
    expect(await serviceWith([]).search('asa')).toEqual({
      songs: local.songs,
      artists: [artist],
      sources: { local: 2, deezer: 1 },
      unavailableSources: [],
    });
  });

  it('puts catalogue songs after the library, once each, and counts them per source', async () => {
    const deezer = answering('deezer', [song('deezer-7', 'deezer'), song('deezer-8', 'deezer')]);
    const youtube = answering('youtube', [song('youtube-x', 'youtube')]);
    const soundcloud = answering('soundcloud', []);
    const response = await serviceWith([deezer, youtube, soundcloud]).search('asa');
    expect(response.songs.map((s) => s.id)).toEqual([1, 2, 'deezer-7', 'deezer-8', 'youtube-x']);
    expect(response.sources).toEqual({ local: 2, deezer: 2, youtube: 1, soundcloud: 0 });
    expect(response.unavailableSources).toEqual([]);
  });

  it("lists a cached track where the library found it, with the catalogue's fresh copy", async () => {
    const fresh = { ...song('deezer-7', 'deezer'), fileUrl: 'https://cdn.example/fresh.mp3' };
    const response = await serviceWith([answering('deezer', [song('deezer-8', 'deezer'), fresh])]).search('asa');
    expect(response.songs.map((s) => s.id)).toEqual([1, 2, 'deezer-7', 'deezer-8']);
    expect(response.songs[2]?.fileUrl).toBe('https://cdn.example/fresh.mp3');
  });

  it('passes the search on to every catalogue', async () => {
    const search = vi.fn(async () => []);
    await serviceWith([{ source: 'deezer', search }]).search('Ọlámidé');
    expect(search).toHaveBeenCalledWith('Ọlámidé', { signal: expect.any(AbortSignal) });
  });

  it('bounds what one catalogue can add', async () => {
    const many = Array.from({ length: SEARCH_SONG_LIMIT + 10 }, (_, i) => song(`deezer-${100 + i}`, 'deezer'));
    const response = await serviceWith([answering('deezer', many)]).search('asa');
    expect(response.sources.deezer).toBe(1 + SEARCH_SONG_LIMIT);
  });

  it('reports a failing catalogue as unavailable and still answers', async () => {
    const failure = new Error('503 from upstream');
    const onFailure = vi.fn();
    const failing: SearchSource = { source: 'deezer', search: async () => Promise.reject(failure) };
    const throwing: SearchSource = {
      source: 'youtube',
      search: () => {
        throw new Error('not configured');
      },
    };
    const response = await serviceWith([failing, throwing, answering('soundcloud', [song('soundcloud-1', 'soundcloud')])]).search(
      'asa',
      onFailure,
    );
    expect(response.songs.map((s) => s.id)).toEqual([1, 2, 'deezer-7', 'soundcloud-1']);
    expect(response.unavailableSources).toEqual(['deezer', 'youtube']);
    expect(response.sources).toEqual({ local: 2, deezer: 1, soundcloud: 1 });
    expect(onFailure).toHaveBeenCalledWith('deezer', failure);
    expect(onFailure).toHaveBeenCalledWith('youtube', expect.any(Error));
  });

  it('stops waiting for a slow catalogue, tells it to stop, and reports it', async () => {
    const slow = hanging('deezer');
    const deaf = hanging('youtube', { listens: false });
    const onFailure = vi.fn();
    const response = await serviceWith([slow.double, deaf.double]).search('asa', onFailure);
    expect(response.unavailableSources).toEqual(['deezer', 'youtube']);
    expect(response.songs).toEqual(local.songs);
    expect(slow.seen.signal?.aborted).toBe(true);
    expect(deaf.seen.signal?.aborted).toBe(true);
    expect(onFailure).toHaveBeenCalledWith('youtube', expect.objectContaining({ message: 'youtube did not answer within 20 ms' }));
  });

  it('skips a catalogue that timed out for a while, then asks it again', async () => {
    let clock = 0;
    const slow = hanging('deezer');
    const search = vi.fn(slow.double.search);
    const service = createSearchService({
      searchLocal: async () => local,
      sources: [{ source: 'deezer', search }],
      sourceTimeoutMs: 20,
      sourceCooldownMs: 1000,
      now: () => clock,
    });
    expect((await service.search('asa')).unavailableSources).toEqual(['deezer']);
    clock = 999;
    expect((await service.search('asa')).unavailableSources).toEqual(['deezer']);
    expect(search).toHaveBeenCalledTimes(1);
    clock = 1000;
    await service.search('asa');
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('asks again at once a catalogue that failed fast', async () => {
    const search = vi.fn(async () => Promise.reject(new Error('503')));
    const service = serviceWith([{ source: 'deezer', search }]);
    await service.search('asa');
    await service.search('asa');
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('fails when the library itself cannot be searched', async () => {
    const broken = async (): Promise<LocalResults> => Promise.reject(new Error('database down'));
    await expect(serviceWith([answering('deezer', [])], broken).search('asa')).rejects.toThrow('database down');
  });
});
