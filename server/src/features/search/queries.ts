import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artists, searchWords, songs } from '../../db/schema.js';
import type { ArtistRow } from '../artists/queries.js';
import { selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';
import { MAX_SEARCH_WORDS, matchAnyTier, matchTiersFrom, type SearchTier, type SearchWord } from './search-terms.js';
import { isOwnerInView } from '../account-data/visibility.js';
import { createPopularFloorKeeper, type PopularTarget } from './popular-songs.js';

function buildRelevance(searchVector: SQL, tiers: SearchTier[]): SQL {
  const cases = tiers.map((tier) => sql`when ${searchVector} @@ ${tier.query}::tsquery then ${tier.relevance}::int`);
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/**
 * Ids of the best live songs by (relevance, play count, id), exactly, without ranking every
 * match. The popular songs (popular-songs.ts) give the top `limit` among themselves through their
 * own index; every other song has fewer plays than any of them, so it can only beat those by a
 * higher relevance, and the second lookup fetches just those (through the full-text index), or
 * every match when the popular songs held fewer than `limit`.
 */
function selectRankedSongIds(tiers: SearchTier[], limit: number): SQL {
  const all = matchAnyTier(tiers);
  const higherThan = tiers
    .slice(1)
    .map((tier, i) => sql`when min(relevance) = ${tier.relevance}::int then ${matchTiersFrom(tiers, tiers[i]!.relevance)}::tsquery`);
  const rest = sql`case when count(*) < ${limit} then ${all}::tsquery ${sql.join(higherThan, sql` `)} end`;
  return sql`
    with popular_hits as (
      select p.id, p.play_count, ${buildRelevance(sql`p.search_vector`, tiers)} as relevance
      from ${songs} p
      where p.search_popular and p.search_vector @@ ${all}::tsquery and p.status = 'live'
      order by relevance desc, p.play_count desc, p.id
      limit ${limit}
    ),
    other_hits as (
      select s.id, s.play_count, ${buildRelevance(sql`s.search_vector`, tiers)} as relevance
      from ${songs} s
      where s.search_vector @@ (select ${rest} from popular_hits) and not s.search_popular and s.status = 'live'
      order by relevance desc, s.play_count desc, s.id
      limit ${limit}
    )
    select * from popular_hits union select * from other_hits
    order by relevance desc, play_count desc, id
    limit ${limit}`;
}

/**
 * Every statement here but the popular floor's daily move is a SELECT: the embedded database's
 * write counter takes anything else (a bare WITH included) for a write, which would empty the
 * song caches. Only tests change `popularTarget`, to check the ranking across the popular edge.
 */
export function createSearchQueries(db: Db, { popularTarget }: { popularTarget?: PopularTarget } = {}) {
  const popularFloor = createPopularFloorKeeper(db, popularTarget);
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
      await popularFloor.ensureCurrent();
      return selectSongsWithCredits(db)
        .innerJoin(sql`(${selectRankedSongIds(tiers, limit)}) as search_hits`, sql`search_hits.id = ${songs.id}`)
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
