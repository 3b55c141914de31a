import { describe, expect, it } from 'vitest';
import { DEMO_ALBUMS, DEMO_ARTISTS, DEMO_PLAYLISTS, DEMO_SONGS } from './catalogue-data.js';

// Mirrors HOME_GENRES in @kora/contracts: the home screen shows one shelf per genre.
const HOME_GENRES = ['Afrobeats', 'Hip Hop', 'Rock', 'Electronic', 'Jazz', 'Pop', 'R&B', 'Classical'];

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('demo catalogue', () => {
  const artistSlugs = new Set(DEMO_ARTISTS.map((a) => a.slug));
  const albumSlugs = new Set(DEMO_ALBUMS.map((a) => a.slug));
  const songSlugs = new Set(DEMO_SONGS.map((s) => s.slug));

  it('has enough of everything', () => {
    expect(DEMO_ARTISTS.length).toBeGreaterThanOrEqual(9);
    expect(DEMO_ALBUMS.length).toBeGreaterThanOrEqual(7);
    expect(DEMO_SONGS.length).toBeGreaterThanOrEqual(44);
    expect(DEMO_PLAYLISTS.length).toBeGreaterThanOrEqual(4);
  });

  it('uses unique, URL-safe slugs and unique seeds', () => {
    for (const list of [DEMO_ARTISTS, DEMO_ALBUMS, DEMO_SONGS, DEMO_PLAYLISTS]) {
      expect(unique(list.map((x) => x.slug))).toBe(true);
      for (const { slug } of list) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const seeds = [...DEMO_ARTISTS, ...DEMO_ALBUMS, ...DEMO_SONGS, ...DEMO_PLAYLISTS].map((x) => x.seed);
    expect(unique(seeds)).toBe(true);
  });

  it('only references existing artists, albums and songs', () => {
    for (const album of DEMO_ALBUMS) expect(artistSlugs).toContain(album.artist);
    for (const song of DEMO_SONGS) {
      expect(artistSlugs).toContain(song.artist);
      if (song.album) expect(albumSlugs).toContain(song.album);
      for (const featured of song.featuring ?? []) expect(artistSlugs).toContain(featured);
    }
    for (const playlist of DEMO_PLAYLISTS) {
      for (const slug of playlist.songs) expect(songSlugs).toContain(slug);
    }
  });

  it('keeps album songs with their album artist, numbered 1..n, and has singles', () => {
    for (const album of DEMO_ALBUMS) {
      const tracks = DEMO_SONGS.filter((s) => s.album === album.slug);
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks.every((s) => s.artist === album.artist)).toBe(true);
      expect(tracks.map((s) => s.trackNumber).sort((a, b) => a! - b!)).toEqual(tracks.map((_, i) => i + 1));
    }
    const singles = DEMO_SONGS.filter((s) => !s.album);
    expect(singles.length).toBeGreaterThan(0);
    expect(singles.every((s) => s.trackNumber === undefined)).toBe(true);
  });

  it('keeps durations within 30..120 s with a mean around 55 s', () => {
    for (const song of DEMO_SONGS) {
      expect(Number.isInteger(song.durationSeconds)).toBe(true);
      expect(song.durationSeconds).toBeGreaterThanOrEqual(30);
      expect(song.durationSeconds).toBeLessThanOrEqual(120);
    }
    const mean = DEMO_SONGS.reduce((sum, s) => sum + s.durationSeconds, 0) / DEMO_SONGS.length;
    expect(mean).toBeGreaterThan(45);
    expect(mean).toBeLessThan(65);
  });

  it('covers every home genre', () => {
    const genres = new Set<string>(DEMO_SONGS.map((s) => s.genre));
    for (const genre of HOME_GENRES) expect(genres).toContain(genre);
  });

  it('features other artists, never the song’s own artist', () => {
    const featured = DEMO_SONGS.filter((s) => s.featuring?.length);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(featured.some((s) => s.featuring!.length >= 2)).toBe(true);
    for (const song of featured) {
      expect(song.featuring).not.toContain(song.artist);
      expect(unique(song.featuring!)).toBe(true);
    }
  });

  it('has editorial playlists of 6-12 distinct songs', () => {
    for (const playlist of DEMO_PLAYLISTS) {
      expect(playlist.songs.length).toBeGreaterThanOrEqual(6);
      expect(playlist.songs.length).toBeLessThanOrEqual(12);
      expect(unique(playlist.songs)).toBe(true);
    }
  });

  it('includes names with Yoruba/Igbo diacritics for accent-insensitive search', () => {
    const accented = DEMO_ARTISTS.filter((a) => a.name.normalize('NFD') !== a.name.normalize('NFD').replace(/\p{M}/gu, ''));
    expect(accented.length).toBeGreaterThanOrEqual(3);
    expect(DEMO_ARTISTS.some((a) => /[ọẹṣ]/iu.test(a.name.normalize('NFC')))).toBe(true);
  });

  it('gives every release year and bio a plausible value', () => {
    for (const album of DEMO_ALBUMS) {
      expect(album.releaseYear).toBeGreaterThanOrEqual(2015);
      expect(album.releaseYear).toBeLessThanOrEqual(2026);
      expect(album.description.length).toBeGreaterThan(10);
    }
    for (const artist of DEMO_ARTISTS) expect(artist.bio.length).toBeGreaterThan(20);
  });
});
