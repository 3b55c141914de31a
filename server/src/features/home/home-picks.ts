import { HOME_QUICK_PICKS, HOME_STARTER_SONGS, type HomePick, type Playlist, type Song } from '@kora/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Home's one hero: the editorial playlist of the day. The editors' playlists that have songs take
 * turns, one per UTC day, so the hero is the same for everyone on a day and changes the next;
 * with no such playlist, the top trending song; with neither, no hero.
 */
export function chooseHero(editorial: Playlist[], trending: Song[], now: Date): HomePick | null {
  const playable = editorial.filter((playlist) => playlist.songCount > 0);
  if (playable.length > 0) {
    const day = Math.floor(now.getTime() / DAY_MS);
    return { kind: 'playlist', playlist: playable[day % playable.length]! };
  }
  const [top] = trending;
  return top ? { kind: 'song', song: top } : null;
}

/**
 * What a listener whose plays cannot fill the quick picks may start from: the top trending songs
 * they have not played, then the editorial playlists with songs, six in all. Nothing the hero
 * already offers. Empty once their own plays fill the grid.
 */
export function chooseStarterPicks({
  recentlyPlayed,
  trending,
  editorial,
  hero,
}: {
  recentlyPlayed: Song[];
  trending: Song[];
  editorial: Playlist[];
  hero: HomePick | null;
}): HomePick[] {
  if (recentlyPlayed.length >= HOME_QUICK_PICKS) return [];
  const played = new Set(recentlyPlayed.map((song) => song.id));
  const songs: HomePick[] = trending
    .filter((song) => !played.has(song.id) && !(hero?.kind === 'song' && hero.song.id === song.id))
    .map((song) => ({ kind: 'song', song }));
  const playlists: HomePick[] = editorial
    .filter((playlist) => playlist.songCount > 0 && !(hero?.kind === 'playlist' && hero.playlist.id === playlist.id))
    .map((playlist) => ({ kind: 'playlist', playlist }));
  const first = songs.slice(0, HOME_STARTER_SONGS);
  // Fewer playlists than places: more songs make up the six.
  return [...first, ...playlists, ...songs.slice(HOME_STARTER_SONGS)].slice(0, HOME_QUICK_PICKS);
}
