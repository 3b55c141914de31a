import type { SearchResponse, Song } from '@kora/contracts';
import type { ExternalSongSource, SearchSource } from '../../providers/catalogue-provider.js';
import { type LocalResults, type LocalSearch, SEARCH_SONG_LIMIT } from './local-search.js';

/** How long a search waits for an external catalogue before answering without it. */
export const SOURCE_TIMEOUT_MS = 2000;
/**
 * After a catalogue let a search wait out SOURCE_TIMEOUT_MS, searches skip it for this long: on a
 * network where it cannot be reached (no internet, a resolver that never answers) every search
 * would otherwise take the whole timeout. A catalogue that fails fast is simply asked again.
 */
export const SOURCE_COOLDOWN_MS = 30_000;

class SourceTimeout extends Error {}

export type SourceFailure = (source: ExternalSongSource, error: unknown) => void;

/** What one external catalogue gave: its songs, or null when it failed or was too slow. */
type SourceAnswer = { source: ExternalSongSource; songs: Song[] | null };

async function askSource(source: SearchSource, q: string, timeoutMs: number, onFailure: SourceFailure): Promise<SourceAnswer> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Raced, not just signalled: a catalogue that ignores its signal must not hold the search up.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new SourceTimeout(`${source.source} did not answer within ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return { source: source.source, songs: await Promise.race([source.search(q, { signal: controller.signal }), timeout]) };
  } catch (error) {
    onFailure(source.source, error);
    return { source: source.source, songs: null };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Local results first, then each catalogue's in the order the catalogues are configured, each
 * bounded; a song both sides know (an imported preview) is listed once.
 */
export function mergeResults(local: LocalResults, answers: SourceAnswer[]): SearchResponse {
  const songs: Song[] = [];
  const seen = new Set<Song['id']>();
  const sources: SearchResponse['sources'] = { local: 0 };
  const unavailableSources: ExternalSongSource[] = [];
  for (const answer of answers) {
    if (answer.songs === null) unavailableSources.push(answer.source);
    else sources[answer.source] = 0;
  }
  const answered = answers.map((answer) => (answer.songs ?? []).slice(0, SEARCH_SONG_LIMIT));
  // A track the library has cached is listed where the library found it, but with the
  // catalogue's copy when it answered: that one carries the preview URL valid now.
  const fresh = new Map(answered.flat().map((song) => [song.id, song]));
  for (const found of [...local.songs, ...answered.flat()]) {
    if (seen.has(found.id)) continue;
    const song = fresh.get(found.id) ?? found;
    seen.add(song.id);
    songs.push(song);
    sources[song.source] = (sources[song.source] ?? 0) + 1;
  }
  return { songs, artists: local.artists, sources, unavailableSources };
}

export function createSearchService({
  searchLocal,
  sources,
  sourceTimeoutMs = SOURCE_TIMEOUT_MS,
  sourceCooldownMs = SOURCE_COOLDOWN_MS,
  now = Date.now,
}: {
  searchLocal: LocalSearch;
  sources: readonly SearchSource[];
  sourceTimeoutMs?: number;
  sourceCooldownMs?: number;
  now?: () => number;
}) {
  // Per process: each server finds out for itself that a catalogue is unreachable from it.
  const coolingUntil = new Map<ExternalSongSource, number>();

  async function ask(source: SearchSource, q: string, onFailure: SourceFailure): Promise<SourceAnswer> {
    if ((coolingUntil.get(source.source) ?? 0) > now()) return { source: source.source, songs: null };
    return askSource(source, q, sourceTimeoutMs, (name, error) => {
      if (error instanceof SourceTimeout) coolingUntil.set(name, now() + sourceCooldownMs);
      onFailure(name, error);
    });
  }

  return {
    /** A failing or slow catalogue never fails the search: it is reported in `unavailableSources`. */
    async search(q: string, onSourceFailure: SourceFailure = () => {}): Promise<SearchResponse> {
      const answers = Promise.all(sources.map((source) => ask(source, q, onSourceFailure)));
      const local = await searchLocal(q);
      return mergeResults(local, await answers);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
