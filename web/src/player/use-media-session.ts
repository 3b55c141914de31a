import { songCoverUrl } from '@kora/contracts';
import { useEffect } from 'react';
import type { PlayerController } from './player-controller';
import type { PlayerState } from './player-types';

/** Lock screen, notification shade and hardware media keys drive the same player. */
export function useMediaSession(controller: PlayerController, state: PlayerState): void {
  const { currentSong, isPlaying, currentTime, duration } = state;

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    if (!currentSong) {
      navigator.mediaSession.metadata = null;
      return;
    }
    const cover = songCoverUrl(currentSong);
    navigator.mediaSession.metadata = new MediaMetadata({
      title: currentSong.title,
      artist: currentSong.artist.name,
      album: currentSong.album?.title ?? '',
      artwork: cover ? [{ src: new URL(cover, window.location.href).href }] : [],
    });
  }, [currentSong]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = currentSong ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [currentSong, isPlaying]);

  useEffect(() => {
    if (!('mediaSession' in navigator) || !(duration > 0) || !Number.isFinite(duration)) return;
    navigator.mediaSession.setPositionState({ duration, position: Math.min(currentTime, duration), playbackRate: 1 });
  }, [currentTime, duration]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const { actions } = controller;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => controller.setPlaying(true)],
      ['pause', () => controller.setPlaying(false)],
      ['previoustrack', () => actions.previous()],
      ['nexttrack', () => actions.next()],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) actions.seek(details.seekTime);
        },
      ],
    ];
    for (const [action, handler] of handlers) setActionHandler(action, handler);
    return () => {
      for (const [action] of handlers) setActionHandler(action, null);
    };
  }, [controller]);
}

/** Browsers throw for actions they do not support; those are simply left out. */
function setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // Unsupported action on this browser.
  }
}
