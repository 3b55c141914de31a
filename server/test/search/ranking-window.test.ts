// The ranking reads the popular levels first and the rest only where they can still win.
// Whatever the sizes of the levels, the order must be the one of ranking every match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createSearchQueries } from '../../src/features/search/queries.js';
import { buildSearchTiers } from '../../src/features/search/search-terms.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { openTestDatabase } from '../helpers/test-database.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const babatunde = await buildArtist(db, { name: 'Babátúndé Ọmọ' });
  const others = await buildArtist(db, { name: 'Lagoon Static' });
  const babKuti = await buildArtist(db, { name: 'Bab Kuti' });
  const songs: [string, number, number][] = [
    ['Bab', 1, others.id],
    ['Babel Tower', 50, others.id],
    ['Oba Baba', 5000, others.id],
    ['Sunny Day', 10_000, others.id],
    ['Tune', 2000, babatunde.id],
    ['Other Tune', 3, babatunde.id],
    ['Quiet', 2, babKuti.id],
    ...Array.from({ length: 8 }, (_, i): [string, number, number] => [`Baby ${i + 1}`, 100 * (i + 1), others.id]),
    ['Baby Tie A', 100, others.id],
    ['Baby Tie B', 100, others.id],
  ];
  for (const [title, playCount, artistId] of songs) await buildSong(db, { title, playCount, artistId });
  const genreSongs: [string, number, string][] = [
    ['Jazz', 3, 'Highlife'],
    ['Jazzy Day', 4000, 'Pop'],
    ['Cool Walk', 8000, 'Jazz'],
    ['Warm Walk', 6, 'Jazz'],
  ];
  for (const [title, playCount, genre] of genreSongs) await buildSong(db, { title, playCount, genre, artistId: others.id });
  await buildSong(db, { title: 'Baby Hidden', playCount: 1_000_000, artistId: others.id, status: 'processing' });
}, 60_000);
afterAll(() => database.close());

/** `levels`: how many songs levels 1 and 2 aim at. */
async function rankedTitles(q: string, levels: [number, number], limit = 30): Promise<string[]> {
  const queries = createSearchQueries(database.db, { popularTargets: () => levels });
  const rows = await queries.findSongs(buildSearchTiers(await queries.findSearchWords(q)), limit);
  return rows.map((row) => row.song.title);
}

describe('song ranking through the popular levels', () => {
  it.each([
    ...['bab', 'baby', 'baby 1', 'babatunde', 'bab tune', 'tune', 'lagoon', 'babyy', 'oba', 'sunny', 'kuti', 'nothing'],
    ...['jazz', 'jaz', 'jazzz', 'walk jazz'],
  ])(
    'orders "%s" the same whatever the levels hold',
    async (q) => {
      const everything = await rankedTitles(q, [1_000_000, 1_000_000], 1000);
      for (const levels of [[1, 1], [3, 1], [8, 1], [8, 3], [20, 8]] as [number, number][]) {
        for (const limit of [1, 2, 3, 5, 30]) expect(await rankedTitles(q, levels, limit)).toEqual(everything.slice(0, limit));
      }
    },
  );

  it('puts a rarely played exact title outside the levels above popular prefix matches', async () => {
    const titles = await rankedTitles('bab', [3, 1]);
    expect(titles.slice(0, 5)).toEqual(['Bab', 'Quiet', 'Oba Baba', 'Baby 8', 'Baby 7']);
    expect(titles).not.toContain('Baby Hidden');
    // Equal plays fall back to the older song first, on both sides of a level's edge.
    expect(titles.indexOf('Baby Tie A')).toBeLessThan(titles.indexOf('Baby Tie B'));
  });

  it('puts a rarely played title match outside the levels above popular songs of that genre', async () => {
    expect(await rankedTitles('jazz', [2, 1])).toEqual(['Jazz', 'Cool Walk', 'Warm Walk', 'Jazzy Day']);
  });
});
