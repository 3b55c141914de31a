import { z } from 'zod';
import {
  type CatalogueProvider,
  type ExternalArtistProfile,
  type ExternalArtistRef,
  type ExternalTrack,
  ProviderError,
} from './catalogue-provider.js';

/**
 * Deezer's public API (https://developers.deezer.com/api). Answers are read leniently: fields we
 * do not use are ignored, and a list item we cannot read is skipped rather than failing the list.
 * Deezer reports errors as HTTP 200 with an `error` object; 'no data' means not found.
 */

export type DeezerSettings = { apiUrl: string };

const NO_DATA = 800;
// Deezer's ids are numbers; anything else cannot name a Deezer track or artist.
const DEEZER_ID = /^\d{1,20}$/;

const errorSchema = z.object({
  error: z.object({ code: z.number().optional(), type: z.string().optional(), message: z.string().optional() }),
});
const artistSchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string().min(1),
  picture_medium: z.string().nullish(),
});
const artistProfileSchema = artistSchema.extend({ nb_album: z.number().int().nullish(), nb_fan: z.number().int().nullish() });
const trackSchema = z.object({
  id: z.number().int().nonnegative(),
  readable: z.boolean().optional(),
  title: z.string().min(1),
  duration: z.number().int().nonnegative().nullish(),
  explicit_lyrics: z.boolean().optional(),
  preview: z.string().nullish(),
  artist: artistSchema,
  album: z.object({ cover_medium: z.string().nullish() }).nullish(),
});
const listSchema = z.object({ data: z.array(z.unknown()) });

/** A usable web URL, else null: Deezer gives '' for a track without a preview. */
function webUrl(value: string | null | undefined): string | null {
  if (!value || !URL.canParse(value)) return null;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:' ? value : null;
}

function toArtist(json: z.infer<typeof artistSchema>): ExternalArtistRef {
  return { externalId: String(json.id), name: json.name, imageUrl: webUrl(json.picture_medium) };
}

/** A track we can offer, or null: unreadable tracks (not licensed here) and malformed items are left out. */
function toTrack(item: unknown): ExternalTrack | null {
  const parsed = trackSchema.safeParse(item);
  if (!parsed.success || parsed.data.readable === false) return null;
  const json = parsed.data;
  return {
    source: 'deezer',
    externalId: String(json.id),
    title: json.title,
    duration: json.duration ?? null,
    previewUrl: webUrl(json.preview),
    coverUrl: webUrl(json.album?.cover_medium),
    explicit: json.explicit_lyrics ?? false,
    artist: toArtist(json.artist),
  };
}

export function createDeezerProvider({ apiUrl }: DeezerSettings): CatalogueProvider {
  const fail = (message: string, cause?: unknown) => new ProviderError('deezer', message, { cause });

  /** The answer's JSON, or null for Deezer's 'no data'; anything unusable is a ProviderError. */
  async function getJson(path: string, params: Record<string, string | number>, signal: AbortSignal): Promise<unknown> {
    const url = new URL(`${apiUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    let body: unknown;
    try {
      const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) {
        await response.body?.cancel();
        throw fail(`answered HTTP ${response.status}`);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (signal.aborted) throw fail('request stopped before Deezer answered', signal.reason);
      throw fail(error instanceof SyntaxError ? 'answered something that is not JSON' : 'could not be reached', error);
    }
    const failure = errorSchema.safeParse(body);
    if (!failure.success) return body;
    const { code, message } = failure.data.error;
    if (code === NO_DATA) return null;
    throw fail(`error ${code ?? '?'}: ${message ?? 'no message'}`);
  }

  async function getTracks(path: string, limit: number, signal: AbortSignal, params: Record<string, string> = {}): Promise<ExternalTrack[]> {
    const body = await getJson(path, { ...params, limit }, signal);
    if (body === null) return [];
    const list = listSchema.safeParse(body);
    if (!list.success) throw fail(`answered ${path} without a track list`);
    return list.data.data.map(toTrack).filter((track) => track !== null);
  }

  return {
    source: 'deezer',

    search: (q, limit, { signal }) => getTracks('/search', limit, signal, { q }),

    // Chart 0 is the worldwide chart.
    chart: (limit, { signal }) => getTracks('/chart/0/tracks', limit, signal),

    async track(externalId, { signal }) {
      if (!DEEZER_ID.test(externalId)) return null;
      const body = await getJson(`/track/${externalId}`, {}, signal);
      if (body === null) return null;
      const track = toTrack(body);
      if (!track) throw fail(`answered track ${externalId} in a shape we cannot read`);
      return track;
    },

    async artist(externalId, { signal }): Promise<ExternalArtistProfile | null> {
      if (!DEEZER_ID.test(externalId)) return null;
      const body = await getJson(`/artist/${externalId}`, {}, signal);
      if (body === null) return null;
      const parsed = artistProfileSchema.safeParse(body);
      if (!parsed.success) throw fail(`answered artist ${externalId} in a shape we cannot read`);
      return { ...toArtist(parsed.data), albumCount: parsed.data.nb_album ?? null, fanCount: parsed.data.nb_fan ?? null };
    },

    async artistTopTracks(externalId, limit, { signal }) {
      if (!DEEZER_ID.test(externalId)) return [];
      return getTracks(`/artist/${externalId}/top`, limit, signal);
    },
  };
}
