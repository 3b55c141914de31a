import { DEFAULT_VOLUME, type Song } from '@kora/contracts';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface PlayerState {
  currentSong: Song | null;
  isPlaying: boolean;
  volume: number;
  togglePlay: () => void;
  setVolume: (volume: number) => void;
}

const PlayerContext = createContext<PlayerState | null>(null);

export function PlayerProvider({ children }: { children: ReactNode }) {
  const [currentSong] = useState<Song | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);

  const value = useMemo<PlayerState>(
    () => ({
      currentSong,
      isPlaying,
      volume,
      togglePlay: () => setIsPlaying((playing) => currentSong !== null && !playing),
      setVolume,
    }),
    [currentSong, isPlaying, volume],
  );

  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>;
}

export function usePlayer(): PlayerState {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return player;
}
