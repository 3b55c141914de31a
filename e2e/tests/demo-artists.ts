import type { Album, Artist, Song } from '@kora/contracts';
import type { Page } from '@playwright/test';

/** An artist of the demo catalogue the e2e server seeds (server/src/db/seed/catalogue-data.ts), by name. */
export async function findArtist(page: Page, name: string): Promise<Artist> {
  const artists = (await (await page.request.get('/api/artists')).json()) as Artist[];
  const artist = artists.find((candidate) => candidate.name === name);
  if (!artist) throw new Error(`The demo catalogue has no artist ${name}`);
  return artist;
}

export type ArtistAnswers = {
  /** Laid over the artist's real profile (counts, bio, owner). */
  profile: Partial<Artist>;
  own: Song[];
  featured: Song[];
  /** The discography, when it is to be other than the artist's own. */
  albums?: Album[];
  /** Gets the search string of every songs query the page asks. */
  asked?: string[];
  /** A songs query to answer 503, as a page that fails. */
  refuse?: (url: URL) => boolean;
};

/**
 * Answers for a demo artist's page with other songs and albums, built from the artist's real answers:
 * an artist of many songs or albums without uploading them (each upload's transcoding, on two cores,
 * timed out the other browser's tests). The songs queries are paged by offset and limit, by role.
 */
export async function fakeArtistAnswers(page: Page, artistId: Artist['id'], answers: ArtistAnswers): Promise<void> {
  await page.route(new RegExp(`/api/artists/${artistId}$`), async (route) => {
    const profile = (await (await route.fetch()).json()) as Artist;
    await route.fulfill({ json: { ...profile, ...answers.profile } });
  });
  const { albums } = answers;
  if (albums) await page.route(new RegExp(`/api/artists/${artistId}/albums$`), (route) => route.fulfill({ json: albums }));
  await page.route(new RegExp(`/api/artists/${artistId}/songs\\?`), (route) => {
    const url = new URL(route.request().url());
    answers.asked?.push(url.search);
    if (answers.refuse?.(url)) return route.fulfill({ status: 503, body: 'Try again later' });
    const [offset, limit] = [Number(url.searchParams.get('offset') ?? 0), Number(url.searchParams.get('limit'))];
    const role = url.searchParams.get('role');
    const all = role === 'featured' ? answers.featured : role === 'own' ? answers.own : [...answers.own, ...answers.featured];
    return route.fulfill({ json: all.slice(offset, offset + limit) });
  });
}
