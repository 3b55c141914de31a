import { and, asc, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artists, searchGenreWords, searchWords, songs, titleSearchDocument } from '../../db/schema.js';
import type { ArtistRow } from '../artists/queries.js';
import { selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';
import { MAX_SEARCH_WORDS, matchAnyTier, matchTiersFrom, type SearchTier, type SearchWord } from './search-terms.js';
import { isOwnerInView } from '../account-data/visibility.js';
import { createPopularFloorsKeeper, type PopularTargets, TOP_LEVEL } from './popular-songs.js';

/** A tier as a prepared statement holds it: its relevance, and its tsquery as the placeholder `tier_<i>` (tierValues fills them). */
type TierCase = { relevance: number; query: Placeholder };

function placeholderTiers(relevances: readonly number[]): TierCase[] {
  return relevances.map((relevance, i) => ({ relevance, query: sql.placeholder(`tier_${i}`) }));
}

/** The values of placeholderTiers' placeholders for one search's tiers, and `all`: everything they match. */
function tierValues(tiers: SearchTier[]): Record<string, string> {
  return { all: matchAnyTier(tiers), ...Object.fromEntries(tiers.map((tier, i) => [`tier_${i}`, tier.query])) };
}

/**
 * Statements built on first use and kept by shape (a search's limit and its tiers' relevances: a
 * handful): building search's ranking cost 0.55 ms of the server's CPU per search at a million songs.
 */
function builtByShape<T>(): (shape: string, build: () => T) => T {
  const built = new Map<string, T>();
  return (shape, build) => {
    let statement = built.get(shape);
    if (statement === undefined) built.set(shape, (statement = build()));
    return statement;
  };
}

function buildRelevance(searchVector: SQL, tiers: readonly TierCase[]): SQL {
  const cases = tiers.map((tier) => sql`when ${searchVector} @@ ${tier.query}::tsquery then ${tier.relevance}::int`);
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/** The songs of one level (a literal, so the planner matches its partial index) that `matching` holds, best first. */
function levelHits(level: number, matching: SQL, tiers: readonly TierCase[], limit: number): SQL {
  const onLevel =
    level === TOP_LEVEL ? sql.raw(`s.search_level >= ${level}`) : sql.raw(`s.search_level >= ${level} and s.search_level < ${level + 1}`);
  return sql`
    select s.id, s.play_count, ${buildRelevance(sql`s.search_vector`, tiers)} as relevance
    from ${songs} s
    where ${onLevel} and ${matching} and s.status = 'live'
    order by relevance desc, s.play_count desc, s.id
    limit ${limit}`;
}

type Part = 'titles' | 'others';

/**
 * The ranking statement's tsqueries for one search, by placeholder: the tiers' (tierValues), and for
 * each tier but the last, what a lower level must match (of titles, of the rest) to beat the tier after it.
 */
function rankingValues(tiers: SearchTier[]): Record<string, string | null> {
  const values: Record<string, string | null> = tierValues(tiers);
  for (const [i, tier] of tiers.slice(0, -1).entries()) {
    for (const part of ['titles', 'others'] as const) values[`${part}_from_${i}`] = matchTiersFrom(tiers, tier.relevance, part);
  }
  return values;
}

/**
 * Ids of the best live songs by (relevance, play count, id), exactly, without ranking every match.
 * The levels (popular-songs.ts) are read from the top: a song of a lower level has fewer plays than
 * any song above it, so it can only beat the best `limit` found so far by a higher relevance. Each
 * lower level is asked for just those (through its index), or for every match when fewer than
 * `limit` were found above it. A common word is settled by the top level's few thousand songs.
 *
 * The levels below the top are asked for the title tiers through the index of titles alone: a word
 * in a title is rare where the same word in artists' names is common ("king", "the"), and the search
 * document's index cannot tell a title's word from a name's without reading each song.
 *
 * The tsqueries are placeholders (rankingValues): the statement depends only on the tiers'
 * relevances, so it is built once per shape of search.
 */
function selectRankedSongIds(relevances: readonly number[], limit: number): SQL {
  const tiers = placeholderTiers(relevances);
  const all = sql.placeholder('all');
  /** For each part of the tiers: by the least relevance found above, the tiers a lower level must match to beat it. */
  const whenHigher = (part: Part) =>
    sql.join(
      tiers.slice(1).map((tier, i) => sql`when min(relevance) = ${tier.relevance}::int then ${sql.placeholder(`${part}_from_${i}`)}::tsquery`),
      sql` `,
    );
  const higher = { titles: whenHigher('titles'), others: whenHigher('others') };
  /** What a level below `found` must match, as `part` of the tiers puts it, to enter the best `limit`: null when nothing can. */
  const stillWinning = (found: string, part: Part) => {
    // Fewer than `limit` above: every match, which the search document's index alone finds.
    const whenFewer = part === 'titles' ? null : all;
    return sql`(select case when count(*) < ${limit} then ${whenFewer}::tsquery ${higher[part]} end from ${sql.raw(found)})`;
  };
  const steps = [sql`${sql.raw(`found_${TOP_LEVEL}`)} as (${levelHits(TOP_LEVEL, sql`s.search_vector @@ ${all}::tsquery`, tiers, limit)})`];
  for (let level = TOP_LEVEL - 1; level >= 0; level--) {
    const above = `found_${level + 1}`;
    const matching = sql`(${titleSearchDocument(sql`s.title`)} @@ ${stillWinning(above, 'titles')} or s.search_vector @@ ${stillWinning(above, 'others')})`;
    steps.push(sql`${sql.raw(`hits_${level}`)} as (${levelHits(level, matching, tiers, limit)})`);
    steps.push(sql`${sql.raw(`found_${level}`)} as (
      select * from ${sql.raw(above)} union all select * from ${sql.raw(`hits_${level}`)}
      order by relevance desc, play_count desc, id
      limit ${limit})`);
  }
  return sql`with ${sql.join(steps, sql`, `)} select * from found_0`;
}

/**
 * Every statement here but the popular floors' daily move is a SELECT: the embedded database's
 * write counter takes anything else (a bare WITH included) for a write, which would empty the
 * song caches. Only tests change `popularTargets`, to check the ranking across the levels' edges.
 */
export function createSearchQueries(db: Db, { popularTargets, genericPlansDb = db }: { popularTargets?: PopularTargets; genericPlansDb?: Db } = {}) {
  const popularFloors = createPopularFloorsKeeper(db, popularTargets);
  // Prepared under their names, so each PostgreSQL connection also parses them once.
  const songStatement = builtByShape<{ execute: (values: Record<string, string | null>) => Promise<SongWithCredits[]> }>();
  const artistStatement = builtByShape<{ execute: (values: Record<string, string>) => Promise<ArtistRow[]> }>();
  const searchWordsStatement = db
    .select({
      word: sql<string>`l.lexeme`,
      nearby: sql<string[]>`array(select w.word from ${searchWords} w where w.deletions && kora_word_deletions(l.lexeme))`,
      genres: sql<string[]>`array(select g.word from ${searchGenreWords} g where starts_with(g.word, l.lexeme) order by g.word)`,
    })
    .from(sql`unnest(to_tsvector('simple', kora_search_fold(${sql.placeholder('q')}))) as l`)
    .orderBy(sql`l.positions[1]`)
    .limit(MAX_SEARCH_WORDS)
    .prepare('kora_search_words');
  return {
    /** The search's words, folded like the catalogue, with the catalogue words one deletion away and the genre words they start. */
    async findSearchWords(q: string): Promise<SearchWord[]> {
      return searchWordsStatement.execute({ q });
    },

    async findSongs(tiers: SearchTier[], limit: number): Promise<SongWithCredits[]> {
      await popularFloors.ensureCurrent();
      const relevances = tiers.map((tier) => tier.relevance);
      const shape = `${limit}_${relevances.join('_')}`;
      const statement = songStatement(shape, () =>
        // Its plan is the same whatever the tsqueries; planning it anew took 1.2 ms of the 4.5 it cost.
        selectSongsWithCredits(genericPlansDb)
          .innerJoin(sql`(${selectRankedSongIds(relevances, limit)}) as search_hits`, sql`search_hits.id = ${songs.id}`)
          .orderBy(sql`search_hits.relevance desc`, desc(songs.playCount), asc(songs.id))
          .prepare(`kora_search_songs_${shape}`),
      );
      return statement.execute(rankingValues(tiers));
    },

    /** Artists by name; among equally good matches the shorter name is the closer one. */
    async findArtists(tiers: SearchTier[], limit: number): Promise<ArtistRow[]> {
      // An artist's document is its name alone: no weights, no genre.
      const nameTiers = tiers.filter((tier) => tier.scope === 'names');
      const relevances = nameTiers.map((tier) => tier.relevance);
      const shape = `${limit}_${relevances.join('_')}`;
      const statement = artistStatement(shape, () =>
        genericPlansDb
          .select()
          .from(artists)
          .where(and(sql`${artists.searchVector} @@ ${sql.placeholder('all')}::tsquery`, isOwnerInView(artists.createdBy)))
          .orderBy(sql`${buildRelevance(sql`${artists.searchVector}`, placeholderTiers(relevances))} desc`, sql`length(${artists.name})`, asc(artists.id))
          .limit(limit)
          .prepare(`kora_search_artists_${shape}`),
      );
      return statement.execute(tierValues(nameTiers));
    },
  };
}

export type SearchQueries = ReturnType<typeof createSearchQueries>;
