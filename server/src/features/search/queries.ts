import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artists, searchWords, songs } from '../../db/schema.js';
import type { ArtistRow } from '../artists/queries.js';
import { selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';
import { MAX_SEARCH_WORDS, matchAnyTier, matchTiersFrom, type SearchTier, type SearchWord } from './search-terms.js';
import { isOwnerInView } from '../account-data/visibility.js';

/**
 * The most played songs, scanned in play-count order: when a search matches many of them, its
 * best results are among them, found without visiting thousands of matching rows.
 */
const POPULAR_WINDOW = 1000;

function buildRelevance(searchVector: SQL, tiers: SearchTier[]): SQL {
  const cases = tiers.map((tier) => sql`when ${searchVector} @@ ${tier.query}::tsquery then ${tier.relevance}::int`);
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/**
 * Ids of the best live songs by (relevance, play count, id), exactly, without ranking every
 * match. The popular window gives the top `limit` among the most played songs; a song outside
 * it can only beat those by a higher relevance, so the second lookup fetches just those (through
 * the full-text index), or every match when the window held fewer than `limit`.
 */
function selectRankedSongIds(tiers: SearchTier[], limit: number, popularWindow: number): SQL {
  const all = matchAnyTier(tiers);
  const higherThan = tiers
    .slice(1)
    .map((tier, i) => sql`when min(relevance) = ${tier.relevance}::int then ${matchTiersFrom(tiers, tiers[i]!.relevance)}::tsquery`);
  const rest = sql`case when count(*) < ${limit} then ${all}::tsquery ${sql.join(higherThan, sql` `)} end`;
  return sql`
    with popular_hits as (
      select p.id, p.play_count, ${buildRelevance(sql`p.search_vector`, tiers)} as relevance
      from (select id, play_count, status, search_vector from ${songs} order by play_count desc, id limit ${popularWindow}) p
      where p.search_vector @@ ${all}::tsquery and p.status = 'live'
      order by relevance desc, p.play_count desc, p.id
      limit ${limit}
    ),
    other_hits as (
      select s.id, s.play_count, ${buildRelevance(sql`s.search_vector`, tiers)} as relevance
      from ${songs} s
      where s.search_vector @@ (select ${rest} from popular_hits) and s.status = 'live'
      order by relevance desc, s.play_count desc, s.id
      limit ${limit}
    )
    select * from popular_hits union select * from other_hits
    order by relevance desc, play_count desc, id
    limit ${limit}`;
}

/**
 * Every statement here is a SELECT: the embedded database's write counter takes anything else
 * (a bare WITH included) for a write, which would empty the song caches.
 * `popularWindow` is only ever changed by tests, to check the ranking across its edge.
 */
export function createSearchQueries(db: Db, { popularWindow = POPULAR_WINDOW } = {}) {
  return {
    /** The search's words, folded like the catalogue, with the catalogue words one deletion away. */
    async findSearchWords(q: string): Promise<SearchWord[]> {
      return db
        .select({
          word: sql<string>`l.lexeme`,
          nearby: sql<string[]>`array(select w.word from ${searchWords} w where w.deletions && kora_word_deletions(l.lexeme))`,
        })
        .from(sql`unnest(to_tsvector('simple', kora_search_fold(${q}))) as l`)
        .orderBy(sql`l.positions[1]`)
        .limit(MAX_SEARCH_WORDS);
    },

    async findSongs(tiers: SearchTier[], limit: number): Promise<SongWithCredits[]> {
      return selectSongsWithCredits(db)
        .innerJoin(sql`(${selectRankedSongIds(tiers, limit, popularWindow)}) as search_hits`, sql`search_hits.id = ${songs.id}`)
        .orderBy(sql`search_hits.relevance desc`, desc(songs.playCount), asc(songs.id));
    },

    /** Artists by name; among equally good matches the shorter name is the closer one. */
    async findArtists(tiers: SearchTier[], limit: number): Promise<ArtistRow[]> {
      // An artist's document is its name alone: no weights, no genre.
      const nameTiers = tiers.filter((tier) => tier.scope === 'names');
      return db
        .select()
        .from(artists)
        .where(and(sql`${artists.searchVector} @@ ${matchAnyTier(nameTiers)}::tsquery`, isOwnerInView(artists.createdBy)))
        .orderBy(sql`${buildRelevance(sql`${artists.searchVector}`, nameTiers)} desc`, sql`length(${artists.name})`, asc(artists.id))
        .limit(limit);
    },
  };
}

export type SearchQueries = ReturnType<typeof createSearchQueries>;
