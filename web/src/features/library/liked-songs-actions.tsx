import type { Song } from '@kora/contracts';
import { Play, Shuffle } from 'lucide-react';
import { likedSongs } from '../../offline/downloads/collection-songs';
import { DownloadButton } from '../../offline/downloads/download-button';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { Button } from '../../ui/button';

interface LikedSongsActionsProps {
  /** The liked songs loaded so far, in the grid's order. */
  songs: Song[];
  context: PlaybackContext;
}

/**
 * Play and Shuffle above the liked songs: both play them as a list (next and previous stay in it).
 * Play means in order, so it turns shuffle off; Shuffle turns it on before the queue is built.
 */
export function LikedSongsActions({ songs, context }: LikedSongsActionsProps) {
  const { shuffle, toggleShuffle, playSong } = usePlayer();
  const [firstSong] = songs;

  function handlePlay() {
    if (!firstSong) return;
    if (shuffle) toggleShuffle();
    playSong(firstSong, context);
  }

  function handleShuffle() {
    const song = songs[Math.floor(Math.random() * songs.length)];
    if (!song) return;
    if (!shuffle) toggleShuffle();
    playSong(song, context);
  }

  return (
    <div className="flex flex-wrap gap-3">
      <Button aria-label="Play liked songs" disabled={!firstSong} onClick={handlePlay}>
        <Play aria-hidden fill="currentColor" />
        Play
      </Button>
      <Button variant="outline" aria-label="Shuffle liked songs" disabled={!firstSong} onClick={handleShuffle}>
        <Shuffle aria-hidden />
        Shuffle
      </Button>
      {firstSong && <DownloadButton target={{ key: 'liked', title: 'Liked Songs', coverUrl: null, songs: likedSongs }} />}
    </div>
  );
}
