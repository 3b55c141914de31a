import { useEffect, useMemo, type RefObject } from 'react';
import { useLocalSettings } from '../features/settings/use-local-settings';
import { createAudioGraph, type AudioGraph } from './audio-graph';
import { getPresetGains, isFlat } from './equalizer-presets';

/** One graph per pair of elements for their whole life: an element can be given a source node only once. */
const graphs = new WeakMap<HTMLMediaElement, AudioGraph>();

const GESTURE_EVENTS = ['pointerdown', 'keydown'] as const;
/** Paused this long, the audio clock stops; the next play starts it again at once. */
const IDLE_SUSPEND_MS = 10_000;

function canUseWebAudio(): boolean {
  return typeof window.AudioContext === 'function';
}

/** Browsers let an AudioContext start only after the listener has interacted with the page. */
function hasUserInteracted(): boolean {
  return navigator.userActivation?.hasBeenActive ?? false;
}

function listenForGesture(handleGesture: () => void): () => void {
  for (const type of GESTURE_EVENTS) window.addEventListener(type, handleGesture, true);
  return () => {
    for (const type of GESTURE_EVENTS) window.removeEventListener(type, handleGesture, true);
  };
}

/** The graph of the player's elements, once built: the controller's mixer. */
export function getAudioGraph(element: HTMLMediaElement | null): AudioGraph | null {
  return (element && graphs.get(element)) ?? null;
}

/**
 * Routes the player's two elements through Web Audio where a setting needs it: an equalizer preset,
 * loudness normalization (on by default) or a crossfade. Nothing touches Web Audio while none does;
 * the graph is built the first time one does, once the page has had a tap or key press (autoplay
 * policy), and every later change only moves gains. `refreshLoudness` applies the playing song's
 * gain to a graph built mid-song, and when normalization is turned on or off.
 */
export function useAudioGraph(
  elements: RefObject<readonly [HTMLAudioElement | null, HTMLAudioElement | null]>,
  refreshLoudness: () => void,
): void {
  const { equalizerPreset, customEqualizerGains, normalizeVolume, crossfade } = useLocalSettings();
  const gains = useMemo(() => getPresetGains(equalizerPreset, customEqualizerGains), [equalizerPreset, customEqualizerGains]);
  const needed = !isFlat(gains) || normalizeVolume || crossfade > 0;

  useEffect(() => {
    const [element, spare] = elements.current;
    if (!element) return;
    const existing = graphs.get(element);
    if (existing) {
      existing.setGains(gains);
      return;
    }
    if (!needed || !canUseWebAudio()) return;
    const build = () => {
      const graph = createAudioGraph(spare ? [element, spare] : [element], new AudioContext({ latencyHint: 'playback' }));
      graphs.set(element, graph);
      graph.setGains(gains);
      refreshLoudness();
    };
    if (hasUserInteracted()) {
      build();
      return;
    }
    const stopListening = listenForGesture(() => {
      stopListening();
      build();
    });
    return stopListening;
  }, [elements, gains, needed, refreshLoudness]);

  useEffect(refreshLoudness, [normalizeVolume, refreshLoudness]);

  // A context the browser suspended (no gesture yet, a phone call) resumes with the next play or tap.
  // A while after the music stops it is suspended, and when the player goes away (sign-out) too: a
  // running context keeps the audio clock and the graph working on silence, which a phone pays for.
  useEffect(() => {
    const [element, spare] = elements.current;
    if (!element) return;
    const players = spare ? [element, spare] : [element];
    let idle: ReturnType<typeof setTimeout> | undefined;
    const handleActivity = () => {
      clearTimeout(idle);
      graphs.get(element)?.resume();
    };
    const handlePause = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        // One element pauses as the other takes over (a crossfade): only silence on both counts.
        if (players.every((player) => player.paused)) graphs.get(element)?.suspend();
      }, IDLE_SUSPEND_MS);
    };
    for (const player of players) {
      player.addEventListener('play', handleActivity);
      player.addEventListener('pause', handlePause);
    }
    // A tap restarts a context the browser held back while music plays, and leaves an idle one asleep.
    const stopListening = listenForGesture(() => {
      if (players.some((player) => !player.paused)) handleActivity();
    });
    return () => {
      clearTimeout(idle);
      for (const player of players) {
        player.removeEventListener('play', handleActivity);
        player.removeEventListener('pause', handlePause);
      }
      stopListening();
      graphs.get(element)?.suspend();
    };
  }, [elements]);
}
