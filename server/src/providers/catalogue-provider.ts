import type { Song, SongSource } from '@kora/contracts';

export type ExternalSongSource = Exclude<SongSource, 'local'>;

/**
 * An external catalogue that search asks alongside the local library. It should stop work when
 * `signal` aborts; search stops waiting for it then either way, and reports it as unavailable.
 */
export type SearchSource = {
  readonly source: ExternalSongSource;
  search(q: string, options: { signal: AbortSignal }): Promise<Song[]>;
};
