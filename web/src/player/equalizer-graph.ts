import { EQUALIZER_BANDS, decibelsToGain, getHeadroomDb, type EqualizerGains } from './equalizer-presets';

/** How wide each peaking band is: about an octave and a half, so neighbouring bands blend smoothly. */
const PEAKING_Q = 1;
/** Gain changes glide over a few tens of milliseconds instead of jumping, which would click. */
const GAIN_GLIDE_SECONDS = 0.03;

export type EqualizerGraph = {
  setGains: (gains: EqualizerGains) => void;
  /** Starts the context again when the browser (or the player going away) suspended it. */
  resume: () => void;
  /** Stops the audio clock while no player uses the element: a suspended context costs no CPU. */
  suspend: () => void;
};

/** The parts of an AudioContext the graph uses; tests hand in a fake. */
export type EqualizerAudioContext = Pick<
  AudioContext,
  'state' | 'currentTime' | 'destination' | 'resume' | 'suspend' | 'createMediaElementSource' | 'createBiquadFilter' | 'createGain'
>;

/**
 * Routes the player's <audio> element through a headroom gain and one BiquadFilterNode per band
 * to the speakers. Once an element has a MediaElementAudioSourceNode it plays only through it, so
 * the graph lives as long as the element does and "Off" is flat gains, not a disconnection.
 * A cross-origin source without CORS would come out silent: every stream Kora plays is same-origin
 * (local songs, and the audio proxy for previews).
 */
export function createEqualizerGraph(element: HTMLMediaElement, context: EqualizerAudioContext): EqualizerGraph {
  const source = context.createMediaElementSource(element);
  const headroom = context.createGain();
  const filters = EQUALIZER_BANDS.map((band) => {
    const filter = context.createBiquadFilter();
    filter.type = band.type;
    filter.frequency.value = band.frequency;
    filter.Q.value = PEAKING_Q;
    filter.gain.value = 0;
    return filter;
  });
  let node: AudioNode = source.connect(headroom);
  for (const filter of filters) node = node.connect(filter);
  node.connect(context.destination);

  const graph: EqualizerGraph = {
    setGains(gains) {
      const at = context.currentTime;
      filters.forEach((filter, index) => filter.gain.setTargetAtTime(gains[index] ?? 0, at, GAIN_GLIDE_SECONDS));
      headroom.gain.setTargetAtTime(decibelsToGain(getHeadroomDb(gains)), at, GAIN_GLIDE_SECONDS);
    },
    resume() {
      if (context.state === 'suspended') context.resume().catch(() => undefined);
    },
    suspend() {
      if (context.state === 'running') context.suspend().catch(() => undefined);
    },
  };
  graph.resume();
  return graph;
}
