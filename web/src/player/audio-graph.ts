import { EQUALIZER_BANDS, decibelsToGain, getHeadroomDb, type EqualizerGains } from './equalizer-presets';

/** How wide each peaking band is: about an octave and a half, so neighbouring bands blend smoothly. */
const PEAKING_Q = 1;
/** Gain changes glide over a few tens of milliseconds instead of jumping, which would click. */
const GAIN_GLIDE_SECONDS = 0.03;

const FADE_CURVE_POINTS = 64;

/**
 * An equal-power fade (a quarter of a sine or cosine): two different songs crossing add up to a
 * steady loudness, where straight lines would dip by 3 dB in the middle.
 */
export function equalPowerCurve(from: number, to: number): Float32Array {
  const curve = new Float32Array(FADE_CURVE_POINTS);
  for (let index = 0; index < FADE_CURVE_POINTS; index++) {
    const angle = ((index / (FADE_CURVE_POINTS - 1)) * Math.PI) / 2;
    curve[index] = to > from ? from + (to - from) * Math.sin(angle) : to + (from - to) * Math.cos(angle);
  }
  return curve;
}

/** What the player controller drives: each element's loudness gain and its fade (for crossfades). */
export type Mixer<Element = HTMLMediaElement> = {
  /** The song's track gain in dB (0 when normalization is off). */
  setTrackGain(element: Element, decibels: number): void;
  /** Moves the element's fade level (0 silent, 1 full) from `from` to `to` over `seconds`, starting now. */
  fade(element: Element, from: number, to: number, seconds: number): void;
};

export type AudioGraph = Mixer & {
  setGains: (gains: EqualizerGains) => void;
  /** Starts the context again when the browser (or the player going away) suspended it. */
  resume: () => void;
  /** Stops the audio clock while no player uses the elements: a suspended context costs no CPU. */
  suspend: () => void;
};

/** The parts of an AudioContext the graph uses; tests hand in a fake. */
export type GraphAudioContext = Pick<
  AudioContext,
  'state' | 'currentTime' | 'destination' | 'resume' | 'suspend' | 'createMediaElementSource' | 'createBiquadFilter' | 'createGain'
>;

/**
 * Routes each of the player's <audio> elements (two, so one song can fade into the next) through
 * its own track gain (loudness normalization) and fade gain, then through one shared headroom gain
 * and one BiquadFilterNode per equalizer band, to the speakers. Once an element has a
 * MediaElementAudioSourceNode it plays only through it, so the graph lives as long as the elements
 * do, and "Off" is flat gains, not a disconnection. A cross-origin source without CORS would come
 * out silent: every stream Kora plays is same-origin (local songs, and the audio proxy for previews).
 */
export function createAudioGraph(elements: readonly HTMLMediaElement[], context: GraphAudioContext): AudioGraph {
  const headroom = context.createGain();
  const filters = EQUALIZER_BANDS.map((band) => {
    const filter = context.createBiquadFilter();
    filter.type = band.type;
    filter.frequency.value = band.frequency;
    filter.Q.value = PEAKING_Q;
    filter.gain.value = 0;
    return filter;
  });
  let node: AudioNode = headroom;
  for (const filter of filters) node = node.connect(filter);
  node.connect(context.destination);

  const strips = new Map(
    elements.map((element) => {
      const trackGain = context.createGain();
      const fadeGain = context.createGain();
      context.createMediaElementSource(element).connect(trackGain).connect(fadeGain).connect(headroom);
      return [element, { trackGain, fadeGain }] as const;
    }),
  );

  const graph: AudioGraph = {
    setGains(gains) {
      const at = context.currentTime;
      filters.forEach((filter, index) => filter.gain.setTargetAtTime(gains[index] ?? 0, at, GAIN_GLIDE_SECONDS));
      headroom.gain.setTargetAtTime(decibelsToGain(getHeadroomDb(gains)), at, GAIN_GLIDE_SECONDS);
    },
    setTrackGain(element, decibels) {
      strips.get(element)?.trackGain.gain.setTargetAtTime(decibelsToGain(decibels), context.currentTime, GAIN_GLIDE_SECONDS);
    },
    fade(element, from, to, seconds) {
      const fade = strips.get(element)?.fadeGain.gain;
      if (!fade) return;
      const at = context.currentTime;
      fade.cancelScheduledValues(at);
      if (seconds > 0) fade.setValueCurveAtTime(equalPowerCurve(from, to), at, seconds);
      else fade.setValueAtTime(to, at);
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
