import { PLAN_MAX_BITRATE_KBPS, type Song } from '@kora/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useAuth } from '../features/auth/use-auth';
import { useDataLimitWatch } from '../features/data-usage/use-data-limit-watch';
import { DownloadsProvider, LICENCE_LAPSED_MESSAGE, useDownloadsReader } from '../offline/downloads/downloads-context';
import { toast } from '../ui/use-toast';
import { isNetworkFailure } from '../offline/kept-user';
import { useOfflinePlays } from '../offline/use-offline-plays';
import { refreshPreviewUrl, reportAudioError } from './audio-errors';
import { getLocalStorage } from './browser-storage';
import { recordPlay } from './play-recording';
import type { Mixer } from './audio-graph';
import { createPlayerController, type AudioLike, type PlayerController } from './player-controller';
import { createSessionStore, type SessionStore } from './player-session';
import type { PlayerApi } from './player-types';
import { readStreamingQuality } from './stream-url';
import { getAudioGraph, useAudioGraph } from './use-audio-graph';
import { readPlaybackSettings } from './playback-settings';
import { DOWNLOADED, fetchStreamDescription } from './stream-label';
import { createAutoQuality, type BufferedMedia } from './auto-quality';
import { browserPlaysOpus } from './playable-codecs';
import { isPremium, subscriptionQuery } from '../features/subscription/api';
import { useMediaSession } from './use-media-session';
import { useNextTrackPreload } from './use-next-track-preload';
import { usePlayerShortcuts } from './use-player-shortcuts';
import { useSessionSaving } from './use-session-saving';

/** The catalogue a song without a context is queued from; the same key the song grids use. */
const catalogueQuery = queryOptions<Song[]>({ queryKey: ['/api/songs'] });

const PlayerContext = createContext<PlayerApi | null>(null);

/**
 * The player for the signed-in app: its state, the one <audio> element, play tracking and media keys.
 * Each account gets a player of its own, so a listener's queue never carries over to the next one.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const player = (
    <ListenerPlayer key={userId ?? 'nobody'} userId={userId}>
      {children}
    </ListenerPlayer>
  );
  return userId === null ? player : <DownloadsProvider userId={userId}>{player}</DownloadsProvider>;
}

export const OFFLINE_NOT_DOWNLOADED_MESSAGE = "You're offline, and this song is not downloaded. It plays again when you are back online.";

function ListenerPlayer({ userId, children }: { userId: number | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const elementsRef = useRef<readonly [HTMLAudioElement | null, HTMLAudioElement | null]>([null, null]);
  const offlinePlays = useOfflinePlays(userId);
  // Read when a song starts, by a controller made once: it must see the latest downloads.
  const readDownloads = useDownloadsReader();
  const [store] = useState<SessionStore | null>(() => {
    const storage = getLocalStorage();
    return storage && userId !== null ? createSessionStore(storage, userId) : null;
  });
  const [autoQuality] = useState(() =>
    createAutoQuality({
      playsOpus: browserPlaysOpus(),
      readMaxKbps: () => {
        const subscription = queryClient.getQueryData(subscriptionQuery.queryKey);
        // Asked once, when Auto first chooses (a song starts), not on the way to the first screen.
        if (!subscription) void queryClient.prefetchQuery(subscriptionQuery);
        return PLAN_MAX_BITRATE_KBPS[isPremium(subscription) ? 'premium' : 'free'];
      },
    }),
  );
  const [controller] = useState<PlayerController>(() =>
    createPlayerController({
      catalogue: {
        getCached: () => queryClient.getQueryData(catalogueQuery.queryKey),
        load: () => queryClient.ensureQueryData(catalogueQuery),
      },
      recordPlay: (play) => {
        // Heard with no network: kept on the device and sent when it returns (use-offline-plays.ts).
        // Only library songs' plays count (a catalogue preview's id is a string).
        const { songId, secondsPlayed } = play;
        const keepForLater = () =>
          typeof songId === 'number' &&
          offlinePlays?.enqueue({ songId, secondsPlayed }).catch((error: unknown) => console.warn('Could not keep the play for later', error));
        if (offlinePlays && !navigator.onLine) return void keepForLater();
        recordPlay(queryClient, play).catch((error: unknown) => {
          if (offlinePlays && isNetworkFailure(error)) void keepForLater();
          else console.warn('Could not record the play', error);
        });
      },
      refreshPreviewUrl,
      reportAudioError,
      readStreamingQuality: () => autoQuality.resolve(readStreamingQuality(getLocalStorage())),
      watchBuffer: (element, playingKbps) => autoQuality.watch(element as BufferedMedia, playingKbps),
      unavailable: (song) => {
        const downloads = readDownloads();
        if (navigator.onLine || !downloads) return null;
        if (!(typeof song.id === 'number' && downloads.songs.has(song.id))) return OFFLINE_NOT_DOWNLOADED_MESSAGE;
        // The service worker refuses it too: say why rather than fail to load.
        return downloads.licenceLapsed ? LICENCE_LAPSED_MESSAGE : null;
      },
      reportUnavailable: (message) => toast({ title: 'Not downloaded', description: message }),
      storage: getLocalStorage(),
      restoredSession: store?.load(),
      readPlayback: () => readPlaybackSettings(getLocalStorage()),
      // The elements are <audio> elements: the graph keys its strips by them.
      getMixer: () => getAudioGraph(elementsRef.current[0]) as Mixer<AudioLike> | null,
      describeStream: (song, url, signal) => {
        const downloads = readDownloads();
        // Played from this device (the service worker answers with the kept file): no stream to ask about.
        if (typeof song.id === 'number' && downloads?.songs.has(song.id)) return Promise.resolve(DOWNLOADED);
        return fetchStreamDescription(song, url, signal);
      },
    }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const player = useMemo<PlayerApi>(() => ({ ...state, ...controller.actions }), [state, controller]);
  const spareRef = useRef<HTMLAudioElement | null>(null);
  // Stable, or React would detach and re-attach (and so pause) the elements on every render. The
  // spare is rendered first, so it is in place when the playing element attaches.
  const attachAudio = useCallback(
    (element: HTMLAudioElement | null) => {
      elementsRef.current = [element, spareRef.current];
      return element ? controller.attach(element, spareRef.current ?? undefined) : undefined;
    },
    [controller],
  );
  const refreshLoudness = useCallback(() => controller.refreshLoudness(), [controller]);

  useEffect(() => {
    // A song still playing when the tab closes counts too (the request is sent with keepalive).
    const handlePageHide = () => controller.settlePlay();
    window.addEventListener('pagehide', handlePageHide);
    return () => window.removeEventListener('pagehide', handlePageHide);
  }, [controller]);
  useMediaSession(controller, state);
  usePlayerShortcuts(controller);
  useNextTrackPreload(state, controller.streamUrl, autoQuality.recordTransfer);
  useAudioGraph(elementsRef, refreshLoudness);
  useSessionSaving(controller, store);
  useDataLimitWatch({ userId, songId: state.currentSong?.id ?? null, isPlaying: state.isPlaying });

  return (
    <PlayerContext.Provider value={player}>
      {children}
      {/* Metadata only before a play: a song restored after a reload costs no data until it is played. */}
      {/* CORS mode: the service worker may answer with a downloaded song (issue 15), never an opaque response. */}
      {/* The second element takes the next song ahead of a crossfade or a gapless start. */}
      <audio ref={spareRef} preload="none" crossOrigin="anonymous" />
      <audio ref={attachAudio} preload="metadata" crossOrigin="anonymous" />
    </PlayerContext.Provider>
  );
}

export function usePlayer(): PlayerApi {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return player;
}
