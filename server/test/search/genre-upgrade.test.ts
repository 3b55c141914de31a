// A catalogue that existed before genres were searchable gets them when the migration runs:
// the songs' search documents are rebuilt and the genre words join the typo vocabulary.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { createLocalSearch, type LocalSearch } from '../../src/features/search/local-search.js';
import { createSearchQueries } from '../../src/features/search/queries.js';
import { type OlderDatabase, openDatabaseBefore } from '../helpers/upgrade-database.js';

const GENRE_MIGRATION = /_search_genre$/;

let database: OlderDatabase;
let search: LocalSearch;

beforeAll(async () => {
  database = await openDatabaseBefore(GENRE_MIGRATION);
  // Plain SQL: the schema module describes today's tables, with columns later migrations added.
  await database.db.execute(sql`
    with artist as (insert into artists (name) values ('Lagoon Static') returning id)
    insert into songs (title, artist_id, genre, play_count)
    select title, artist.id, genre, play_count
    from artist, (values ('Midnight Sax', 'Jazz', 10), ('Slow Jam', 'R&B', 5), ('Untagged Groove', null, 0)) as song (title, genre, play_count)`);
  search = createLocalSearch(createSearchQueries(database.db));
}, 60_000);
afterAll(() => database.close());

async function songTitles(q: string): Promise<string[]> {
  return (await search(q)).songs.map((song) => song.title);
}

describe('the genre search migration', () => {
  it('makes the genres of songs already in the catalogue searchable, typos included', async () => {
    const genreIndexed = database.db
      .select({ title: schema.songs.title })
      .from(schema.songs)
      .where(sql`${schema.songs.searchVector} @@ '''#jazz'''::tsquery`);
    expect(await genreIndexed).toEqual([]);

    await database.upgrade();
    expect(await genreIndexed).toEqual([{ title: 'Midnight Sax' }]);

    expect(await songTitles('jazz')).toEqual(['Midnight Sax']);
    expect(await songTitles('jazzz')).toEqual(['Midnight Sax']);
    // From the start of its name too, through the genre words migration 0030 gathers.
    expect(await songTitles('jaz')).toEqual(['Midnight Sax']);
    expect(await songTitles('r&b')).toEqual(['Slow Jam']);
    expect(await songTitles('groove')).toEqual(['Untagged Groove']);
  });
});
