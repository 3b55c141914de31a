import { useEffect, useMemo, type RefObject } from 'react';
import { useLocalSettings } from '../features/settings/use-local-settings';
import { createEqualizerGraph, type EqualizerGraph } from './equalizer-graph';
import { getPresetGains, isFlat } from './equalizer-presets';

/** One graph per element for the element's whole life: an element can be given a source node only once. */
const graphs = new WeakMap<HTMLMediaElement, EqualizerGraph>();

const GESTURE_EVENTS = ['pointerdown', 'keydown'] as const;

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

/**
 * Shapes the player's sound with the equalizer preset from the settings. Nothing touches Web Audio
 * while the preset is Off; the graph is built the first time a preset needs it, once the page has
 * had a tap or key press (autoplay policy), and every later change only moves the band gains.
 */
export function useEqualizer(audioRef: RefObject<HTMLAudioElement | null>): void {
  const { equalizerPreset, customEqualizerGains } = useLocalSettings();
  const gains = useMemo(() => getPresetGains(equalizerPreset, customEqualizerGains), [equalizerPreset, customEqualizerGains]);

  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const existing = graphs.get(element);
    if (existing) {
      existing.setGains(gains);
      return;
    }
    if (isFlat(gains) || !canUseWebAudio()) return;
    const build = () => {
      const graph = createEqualizerGraph(element, new AudioContext({ latencyHint: 'playback' }));
      graphs.set(element, graph);
      graph.setGains(gains);
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
  }, [audioRef, gains]);

  // A context the browser suspended (no gesture yet, a phone call) resumes with the next play or tap;
  // when the player goes away (sign-out) its context stops, so it costs nothing.
  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const handleActivity = () => graphs.get(element)?.resume();
    element.addEventListener('play', handleActivity);
    const stopListening = listenForGesture(handleActivity);
    return () => {
      element.removeEventListener('play', handleActivity);
      stopListening();
      graphs.get(element)?.suspend();
    };
  }, [audioRef]);
}
