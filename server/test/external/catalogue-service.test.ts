import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { artists, songs } from '../../src/db/schema.js';
import { createExternalCatalogue } from '../../src/features/external/service.js';
import { presentSong } from '../../src/features/songs/presenter.js';
import { type CatalogueProvider, type ExternalTrack, ProviderError } from '../../src/providers/catalogue-provider.js';
import { openTestDatabase } from '../helpers/test-database.js';

/**
 * The catalogue service on a real database with a provider double: the cases the stand-in, a
 * well-behaved Deezer, never shows (tracks without previews, renamed artists, failures logged).
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

const artist = { externalId: '501', name: 'Aṣa', imageUrl: 'https://e-cdns-images.dzcdn.net/images/artist/a/250x250.jpg' };
function track(id: string, overrides: Partial<ExternalTrack> = {}): ExternalTrack {
  return {
    source: 'deezer',
    externalId: id,
    title: `Track ${id}`,
    duration: 200,
    previewUrl: `https://cdnt-preview.dzcdn.net/${id}.mp3`,
    coverUrl: null,
    explicit: false,
    artist,
    ...overrides,
  };
}

function providerAnswering(answers: Partial<CatalogueProvider>): CatalogueProvider {
  const unexpected = () => Promise.reject(new Error('not expected in this test'));
  return { source: 'deezer', search: unexpected, chart: unexpected, track: unexpected, artist: unexpected, artistTopTracks: unexpected, ...answers };
}

const call = () => ({ signal: AbortSignal.timeout(5000), log: { warn: vi.fn() } });

async function row(externalId: string) {
  const [found] = await database.db
    .select()
    .from(songs)
    .where(and(eq(songs.source, 'deezer'), eq(songs.externalId, externalId)));
  return found;
}

describe('the external catalogue service', () => {
  it('caches a track without a preview as a song that is no preview and has no file', async () => {
    const provider = providerAnswering({ search: async () => [track('10', { previewUrl: null }), track('11')] });
    const external = createExternalCatalogue({ db: database.db, providers: [provider] });
    const found = (await external.search(provider, 'asa', 30, AbortSignal.timeout(5000))).map((r) => presentSong(r));
    expect(found.map((song) => [song.id, song.isPreview, song.fileUrl])).toEqual([
      ['deezer-10', false, null],
      ['deezer-11', true, 'https://cdnt-preview.dzcdn.net/11.mp3'],
    ]);
  });

  it('imports only the chart tracks that can be played', async () => {
    const provider = providerAnswering({ chart: async () => [track('20'), track('21', { previewUrl: null }), track('20')] });
    const external = createExternalCatalogue({ db: database.db, providers: [provider] });
    expect(await external.importPopular(call())).toBe(1);
    expect(await row('20')).toMatchObject({ listed: true });
    expect(await row('21')).toBeUndefined();
  });

  it('brings a known track and its artist up to date, keeping their rows', async () => {
    const before = await row('11');
    const renamed = { ...artist, name: 'Asa', imageUrl: 'https://e-cdns-images.dzcdn.net/images/artist/b/250x250.jpg' };
    const provider = providerAnswering({ search: async () => [track('11', { title: 'Track 11 (Live)', artist: renamed, previewUrl: 'https://cdnt-preview.dzcdn.net/11b.mp3' })] });
    const external = createExternalCatalogue({ db: database.db, providers: [provider] });
    const [found] = await external.search(provider, 'asa', 30, AbortSignal.timeout(5000));
    expect(found!.song).toMatchObject({ id: before!.id, title: 'Track 11 (Live)', previewUrl: 'https://cdnt-preview.dzcdn.net/11b.mp3' });
    const artistRows = await database.db.select().from(artists).where(eq(artists.deezerId, '501'));
    expect(artistRows).toEqual([expect.objectContaining({ id: before!.artistId, name: 'Asa', externalImageUrl: renamed.imageUrl })]);
  });

  it('answers 404 when the catalogue no longer has a preview for a track', async () => {
    for (const answer of [null, track('11', { previewUrl: null })]) {
      const provider = providerAnswering({ track: async () => answer });
      const external = createExternalCatalogue({ db: database.db, providers: [provider] });
      await expect(external.refreshPreviewUrl({ source: 'deezer', externalId: '11' }, call())).rejects.toMatchObject({
        statusCode: 404,
        message: 'This track has no preview.',
      });
    }
    expect((await row('11'))!.previewUrl).toBe('https://cdnt-preview.dzcdn.net/11b.mp3');
  });

  it('logs a catalogue failure as a warning and answers 502', async () => {
    const failure = new ProviderError('deezer', 'answered HTTP 503');
    const provider = providerAnswering({ chart: () => Promise.reject(failure) });
    const external = createExternalCatalogue({ db: database.db, providers: [provider] });
    const importCall = call();
    await expect(external.importPopular(importCall)).rejects.toMatchObject({ statusCode: 502 });
    expect(importCall.log.warn).toHaveBeenCalledWith({ err: failure, source: 'deezer' }, 'external catalogue unavailable');
  });

  it('lets an error that is not the catalogue’s through, as a bug', async () => {
    const provider = providerAnswering({ chart: () => Promise.reject(new TypeError('oops')) });
    const external = createExternalCatalogue({ db: database.db, providers: [provider] });
    await expect(external.importPopular(call())).rejects.toThrow(TypeError);
  });
});
