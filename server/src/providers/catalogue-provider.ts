import type { Song, SongSource } from '@kora/contracts';

export type ExternalSongSource = Exclude<SongSource, 'local'>;

/** A track as an external catalogue describes it, before it becomes a cached Song row. */
export type ExternalTrack = {
  source: ExternalSongSource;
  /** The catalogue's own id (Deezer's numeric track id, as a string). */
  externalId: string;
  title: string;
  /** Seconds of the whole track (the preview is shorter). */
  duration: number | null;
  /** A playable 30-second preview; such URLs are signed and expire, so they are refreshed on demand. */
  previewUrl: string | null;
  coverUrl: string | null;
  explicit: boolean;
  artist: ExternalArtistRef;
};

export type ExternalArtistRef = { externalId: string; name: string; imageUrl: string | null };

export type ExternalArtistProfile = ExternalArtistRef & { albumCount: number | null; fanCount: number | null };

export type ProviderCall = { signal: AbortSignal };

/**
 * One external catalogue (providers/registry.ts lists them). Every call must stop when `signal`
 * aborts, and throw ProviderError when the catalogue cannot answer; "not found" is null.
 */
export interface CatalogueProvider {
  readonly source: ExternalSongSource;
  search(q: string, limit: number, call: ProviderCall): Promise<ExternalTrack[]>;
  /** The current chart (popular music), most popular first. */
  chart(limit: number, call: ProviderCall): Promise<ExternalTrack[]>;
  track(externalId: string, call: ProviderCall): Promise<ExternalTrack | null>;
  artist(externalId: string, call: ProviderCall): Promise<ExternalArtistProfile | null>;
  artistTopTracks(externalId: string, limit: number, call: ProviderCall): Promise<ExternalTrack[]>;
}

/** The catalogue could not be reached or gave an answer we cannot use. */
export class ProviderError extends Error {
  constructor(
    readonly source: ExternalSongSource,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${source}: ${message}`, options);
    this.name = 'ProviderError';
  }
}

/**
 * An external catalogue that search asks alongside the local library. It should stop work when
 * `signal` aborts; search stops waiting for it then either way, and reports it as unavailable.
 */
export type SearchSource = {
  readonly source: ExternalSongSource;
  search(q: string, options: { signal: AbortSignal }): Promise<Song[]>;
};
