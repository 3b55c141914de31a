import type { Playlist, Song } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { chooseHero, chooseStarterPicks } from './home-picks.js';

const DAY = 24 * 60 * 60 * 1000;

function song(id: number): Song {
  return {
    id,
    title: `Song ${id}`,
    artist: { id: 1, name: 'Artist' },
    album: null,
    coverArtUrl: null,
    fileUrl: `/api/songs/${id}/stream`,
    duration: 180,
    isExternal: false,
    isPreview: false,
    externalId: null,
    deezerId: null,
    playCount: 0,
    trackGainDb: null,
    source: 'local',
  };
}

function playlist(id: number, songCount: number): Playlist {
  return { id, name: `List ${id}`, description: null, coverUrl: null, isEditorial: true, createdBy: 'Kora', isOwner: false, songCount };
}

describe('chooseHero', () => {
  const editorial = [playlist(1, 4), playlist(2, 0), playlist(3, 9)];

  it('takes the editorial playlists with songs in turn, one a day, the same all day', () => {
    const day = 20_000;
    const heroOn = (time: number) => chooseHero(editorial, [song(7)], new Date(time));
    expect(heroOn(day * DAY)).toEqual({ kind: 'playlist', playlist: editorial[0] });
    expect(heroOn(day * DAY + DAY - 1)).toEqual(heroOn(day * DAY));
    expect(heroOn((day + 1) * DAY)).toEqual({ kind: 'playlist', playlist: editorial[2] });
    expect(heroOn((day + 2) * DAY)).toEqual(heroOn(day * DAY));
  });

  it('falls back to the top trending song, then to nothing', () => {
    expect(chooseHero([playlist(2, 0)], [song(7), song(8)], new Date())).toEqual({ kind: 'song', song: song(7) });
    expect(chooseHero([], [], new Date())).toBeNull();
  });
});

describe('chooseStarterPicks', () => {
  const trending = [1, 2, 3, 4, 5, 6, 7, 8].map(song);
  const editorial = [playlist(10, 3), playlist(11, 0), playlist(12, 5), playlist(13, 2)];

  it('offers four unplayed trending songs and editorial playlists with songs, six in all, never the hero', () => {
    const hero = { kind: 'playlist', playlist: editorial[0]! } as const;
    const picks = chooseStarterPicks({ recentlyPlayed: [song(2)], trending, editorial, hero });
    expect(picks).toEqual([
      { kind: 'song', song: song(1) },
      { kind: 'song', song: song(3) },
      { kind: 'song', song: song(4) },
      { kind: 'song', song: song(5) },
      { kind: 'playlist', playlist: editorial[2] },
      { kind: 'playlist', playlist: editorial[3] },
    ]);
  });

  it('makes up for missing playlists with more songs, and leaves out a hero song', () => {
    const picks = chooseStarterPicks({ recentlyPlayed: [], trending, editorial: [], hero: { kind: 'song', song: song(1) } });
    expect(picks.map((pick) => pick.kind === 'song' && pick.song.id)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('offers nothing once six plays fill the quick picks', () => {
    const recentlyPlayed = [11, 12, 13, 14, 15, 16].map(song);
    expect(chooseStarterPicks({ recentlyPlayed, trending, editorial, hero: null })).toEqual([]);
  });
});
