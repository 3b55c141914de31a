import type { Playlist, Song } from './catalogue.js';
import type { HomePick } from './home.js';
import { describe, expect, it } from 'vitest';
import { quickPicksOf } from './quick-picks.js';

const song = (id: number) => ({ id, title: `Song ${id}` }) as Song;
const playlist = (id: number) => ({ id, name: `List ${id}` }) as Playlist;
const songPick = (id: number): HomePick => ({ kind: 'song', song: song(id) });
const playlistPick = (id: number): HomePick => ({ kind: 'playlist', playlist: playlist(id) });

describe('quickPicksOf', () => {
  it("leads with the listener's plays and fills the six places with starter picks they have not played", () => {
    const picks = quickPicksOf([song(3), song(9)], [songPick(1), songPick(3), songPick(4), playlistPick(20), playlistPick(21)]);
    expect(picks).toEqual([songPick(3), songPick(9), songPick(1), songPick(4), playlistPick(20), playlistPick(21)]);
  });

  it('shows six plays and no starter picks once there are six', () => {
    const recent = [1, 2, 3, 4, 5, 6, 7].map(song);
    expect(quickPicksOf(recent, [songPick(8)])).toEqual([1, 2, 3, 4, 5, 6].map(songPick));
  });

  it('is the starter picks alone for a new listener', () => {
    expect(quickPicksOf([], [songPick(1), playlistPick(2)])).toEqual([songPick(1), playlistPick(2)]);
  });
});
