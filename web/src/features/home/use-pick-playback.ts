import { useState } from 'react';
import { usePlayer } from '../../player/player-context';
import { usePlayPlaylist } from '../playlists/api';

/**
 * Play and pause for a playlist offered on Home (a quick pick, the hero): the first tap loads
 * and starts it, later taps pause and resume it while it is the player's context.
 */
export function usePickPlayback(playlistId: number | undefined) {
  const { context, isPlaying, togglePlay } = usePlayer();
  const playPlaylist = usePlayPlaylist();
  const [isStarting, setIsStarting] = useState(false);
  const isCurrent = playlistId !== undefined && context?.type === 'playlist' && String(context.id) === String(playlistId);

  async function start(id: number) {
    setIsStarting(true);
    await playPlaylist(id);
    setIsStarting(false);
  }

  return {
    isCurrent,
    isActive: isCurrent && isPlaying,
    isStarting,
    toggle() {
      if (playlistId === undefined) return;
      if (isCurrent) togglePlay();
      else void start(playlistId);
    },
  };
}
