/**
 * Deterministic music synthesis for the demo catalogue: a seed and a genre pick a
 * tempo, key, chord progression, groove and motifs, rendered to mono 16-bit PCM.
 */

export const DEMO_AUDIO = { sampleRate: 22050, channels: 1, bitrateKbps: 64 } as const;

export interface SynthOptions {
  seed: number;
  genre: string;
  durationSeconds: number;
  sampleRate?: number;
}

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rnd: Rng, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}

// Wavetable oscillators: one table lookup per sample keeps 40 songs well under the time budget.
const TABLE_SIZE = 4096;
const TABLE_MASK = TABLE_SIZE - 1;

function additiveTable(partials: ReadonlyArray<readonly [harmonic: number, amplitude: number]>): Float32Array {
  const table = new Float32Array(TABLE_SIZE);
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    let v = 0;
    for (const [h, a] of partials) v += a * Math.sin((2 * Math.PI * h * i) / TABLE_SIZE);
    table[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  for (let i = 0; i < TABLE_SIZE; i++) table[i]! /= peak;
  return table;
}

const harmonics = (count: number, step: number, amp: (n: number) => number) =>
  Array.from({ length: count }, (_, i) => [1 + i * step, amp(1 + i * step)] as const);

const SINE = additiveTable([[1, 1]]);
const TRIANGLE = additiveTable(harmonics(5, 2, (n) => ((n % 4 === 1 ? 1 : -1) / (n * n))));
const SAW = additiveTable(harmonics(12, 1, (n) => 1 / n));
const SQUARE = additiveTable(harmonics(6, 2, (n) => 1 / n));
const ORGAN = additiveTable([[1, 1], [2, 0.7], [3, 0.45], [4, 0.3], [6, 0.2], [8, 0.15]]);

interface Voice {
  table: Float32Array;
  attack: number;
  /** Time constant (s) of the exponential fall from peak to `sustain`. */
  decay: number;
  sustain: number;
  release: number;
  fm?: { ratio: number; index: number; decay: number };
  detuneCents?: number;
  vibrato?: number;
  /** Starting pitch multiplier that slides to 1 (log drum drop, pedal-steel scoop). */
  glide?: { from: number; time: number };
  lowpassHz?: number;
  drive?: number;
}

const VOICES = {
  subBass: { table: TRIANGLE, attack: 0.005, decay: 0.5, sustain: 0.6, release: 0.08, lowpassHz: 500 },
  synthBass: { table: SAW, attack: 0.004, decay: 0.15, sustain: 0.45, release: 0.06, lowpassHz: 450 },
  pickBass: { table: SAW, attack: 0.003, decay: 0.2, sustain: 0.5, release: 0.05, lowpassHz: 700, drive: 1.5 },
  upright: { table: SINE, attack: 0.004, decay: 0.35, sustain: 0.25, release: 0.06, fm: { ratio: 1, index: 0.9, decay: 0.08 } },
  logDrum: { table: SINE, attack: 0.002, decay: 0.28, sustain: 0, release: 0.1, glide: { from: 1.7, time: 0.025 }, drive: 2.5 },
  cello: { table: SAW, attack: 0.12, decay: 1.5, sustain: 0.8, release: 0.3, lowpassHz: 700, vibrato: 0.003 },
  pad: { table: SAW, attack: 0.3, decay: 1.2, sustain: 0.8, release: 0.5, detuneCents: 9, lowpassHz: 1200 },
  strings: { table: SAW, attack: 0.45, decay: 2, sustain: 0.85, release: 0.6, detuneCents: 6, lowpassHz: 1600, vibrato: 0.003 },
  epiano: { table: SINE, attack: 0.003, decay: 0.9, sustain: 0.15, release: 0.25, fm: { ratio: 1, index: 1.6, decay: 0.3 } },
  piano: { table: SINE, attack: 0.002, decay: 0.6, sustain: 0.08, release: 0.35, fm: { ratio: 2, index: 0.9, decay: 0.12 } },
  organ: { table: ORGAN, attack: 0.012, decay: 1, sustain: 0.9, release: 0.08, vibrato: 0.002 },
  pluck: { table: SINE, attack: 0.002, decay: 0.22, sustain: 0.04, release: 0.1, fm: { ratio: 1, index: 3, decay: 0.06 } },
  bell: { table: SINE, attack: 0.002, decay: 0.45, sustain: 0, release: 0.3, fm: { ratio: 3.5, index: 2.2, decay: 0.25 } },
  stab: { table: SAW, attack: 0.003, decay: 0.12, sustain: 0.15, release: 0.08, detuneCents: 12, lowpassHz: 1800 },
  power: { table: SAW, attack: 0.003, decay: 0.4, sustain: 0.7, release: 0.05, detuneCents: 10, lowpassHz: 1800, drive: 2.5 },
  brass: { table: SAW, attack: 0.035, decay: 0.4, sustain: 0.7, release: 0.1, lowpassHz: 1600, vibrato: 0.004 },
  flute: { table: TRIANGLE, attack: 0.06, decay: 0.6, sustain: 0.8, release: 0.15, vibrato: 0.005 },
  violin: { table: SAW, attack: 0.1, decay: 1, sustain: 0.85, release: 0.2, lowpassHz: 2200, vibrato: 0.006 },
  lead: { table: SQUARE, attack: 0.01, decay: 0.3, sustain: 0.65, release: 0.1, lowpassHz: 2400, vibrato: 0.004 },
  synthLead: { table: SAW, attack: 0.008, decay: 0.3, sustain: 0.6, release: 0.12, detuneCents: 7, lowpassHz: 2800 },
  steel: { table: TRIANGLE, attack: 0.02, decay: 0.8, sustain: 0.5, release: 0.25, vibrato: 0.006, glide: { from: 0.96, time: 0.06 } },
} satisfies Record<string, Voice>;

/** Sample span and ADSR of one note, shared by both oscillator loops. */
interface NoteSpan {
  out: Float32Array;
  s0: number;
  end: number;
  holdN: number;
  atkN: number;
  decayCoef: number;
  relCoef: number;
  sustain: number;
  gain: number;
}

function renderNote(out: Float32Array, sr: number, start: number, dur: number, freq: number, gain: number, v: Voice): void {
  const s0 = Math.max(0, Math.round(start * sr));
  if (s0 >= out.length) return;
  const holdN = Math.max(1, Math.round(dur * sr));
  const relN = Math.max(1, Math.round(v.release * sr));
  const span: NoteSpan = {
    out,
    s0,
    end: Math.min(out.length, s0 + holdN + relN),
    holdN,
    atkN: Math.max(1, Math.round(Math.max(0.002, v.attack) * sr)),
    decayCoef: Math.exp(-1 / (v.decay * sr)),
    relCoef: Math.exp(-6.9 / relN),
    sustain: v.sustain,
    gain,
  };
  const inc = (freq * TABLE_SIZE) / sr;
  if (v.fm) fmLoop(span, inc, v.fm.ratio, v.fm.index, Math.exp(-1 / (v.fm.decay * sr)));
  else subtractiveLoop(span, inc, v, sr);
}

// The two loops are kept separate so each stays small enough for V8 to keep its state in registers.

/** Two-operator FM with a decaying index: electric piano, plucks, bells. */
function fmLoop(span: NoteSpan, inc: number, ratio: number, indexRadians: number, indexCoef: number): void {
  const { out, s0, end, holdN, atkN, decayCoef, relCoef, sustain, gain } = span;
  const sine = SINE;
  const size = TABLE_SIZE;
  const mask = TABLE_MASK;
  const modInc = inc * ratio;
  const decayDepth = 1 - sustain;
  let index = (indexRadians * size) / (2 * Math.PI);
  let phase = 0;
  let modPhase = 0;
  let dec = 1;
  let rel = 1;
  for (let n = 0, j = s0; j < end; n++, j++) {
    const x = sine[((phase + sine[modPhase | 0]! * index) | 0) & mask]!;
    index *= indexCoef;
    phase += inc;
    if (phase >= size) phase -= size;
    modPhase += modInc;
    while (modPhase >= size) modPhase -= size;
    const attack = n < atkN ? n / atkN : 1;
    dec *= decayCoef;
    if (n >= holdN) rel *= relCoef;
    out[j]! += x * attack * (sustain + decayDepth * dec) * rel * gain;
  }
}

const CONTROL_BLOCK = 32;

/**
 * Wavetable oscillator (optionally doubled and detuned) through a one-pole low-pass and optional drive.
 * Pitch glide and vibrato move at control rate, once per block, which keeps the inner loop lean.
 */
function subtractiveLoop(span: NoteSpan, baseInc: number, v: Voice, sr: number): void {
  const { out, s0, end, holdN, atkN, decayCoef, relCoef, sustain, gain } = span;
  const t = v.table;
  const size = TABLE_SIZE;
  const detune = v.detuneCents ? 2 ** (v.detuneCents / 1200) : 0;
  const vib = v.vibrato ?? 0;
  const lfoStep = (5.5 * size * CONTROL_BLOCK) / sr;
  let glide = v.glide ? v.glide.from - 1 : 0;
  const glideCoef = v.glide ? Math.exp(-CONTROL_BLOCK / (v.glide.time * sr)) : 1;
  const lpA = v.lowpassHz ? 1 - Math.exp((-2 * Math.PI * v.lowpassHz) / sr) : 1;
  const drive = v.drive ?? 0;
  const driveNorm = drive ? 1 / softClip(drive) : 1;
  const decayDepth = 1 - sustain;
  let phase = 0;
  let phase2 = 0;
  let lfoPhase = 0;
  let lp = 0;
  let dec = 1;
  let rel = 1;
  for (let blockStart = s0; blockStart < end; blockStart += CONTROL_BLOCK) {
    const inc = baseInc * (1 + glide) * (1 + vib * SINE[lfoPhase | 0]!);
    const inc2 = inc * detune;
    glide *= glideCoef;
    lfoPhase += lfoStep;
    if (lfoPhase >= size) lfoPhase -= size;
    const blockEnd = Math.min(end, blockStart + CONTROL_BLOCK);
    for (let j = blockStart, n = blockStart - s0; j < blockEnd; n++, j++) {
      let x = t[phase | 0]!;
      phase += inc;
      if (phase >= size) phase -= size;
      if (detune) {
        x = 0.5 * (x + t[phase2 | 0]!);
        phase2 += inc2;
        if (phase2 >= size) phase2 -= size;
      }
      lp += lpA * (x - lp);
      x = drive ? softClip(lp * drive) * driveNorm : lp;
      const attack = n < atkN ? n / atkN : 1;
      dec *= decayCoef;
      if (n >= holdN) rel *= relCoef;
      out[j]! += x * attack * (sustain + decayDepth * dec) * rel * gain;
    }
  }
}

/** Padé approximation of tanh, clamped: the same gentle saturation at a fraction of Math.tanh's cost. */
function softClip(x: number): number {
  if (x <= -3) return -1;
  if (x >= 3) return 1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

type DrumVoice =
  | 'kick' | 'snare' | 'clap' | 'rim' | 'hat' | 'openHat' | 'ride' | 'shaker'
  | 'congaHi' | 'congaLo' | 'bell' | 'talkUp' | 'talkDown';

type Kit = Record<DrumVoice, Float32Array>;

const kits = new Map<number, Kit>();

/** One-shot drum samples, synthesized once per sample rate from a fixed seed. */
function drumKit(sr: number): Kit {
  const cached = kits.get(sr);
  if (cached) return cached;
  const rnd = mulberry32(0x6b6f7261);
  const shot = (seconds: number, fn: (t: number, noise: number) => number) => {
    const out = new Float32Array(Math.round(seconds * sr));
    for (let i = 0; i < out.length; i++) out[i] = fn(i / sr, rnd() * 2 - 1);
    return out;
  };
  /** Noise through a one-pole high-pass: bright hiss for hats and shakers. */
  const highpassed = (seconds: number, cutoffHz: number, env: (t: number) => number) => {
    const a = 1 - Math.exp((-2 * Math.PI * cutoffHz) / sr);
    let low = 0;
    return shot(seconds, (t, noise) => {
      low += a * (noise - low);
      return (noise - low) * env(t);
    });
  };
  /** Sine whose frequency follows `freq(t)`, integrated so sweeps stay click-free. */
  const swept = (seconds: number, freq: (t: number) => number, env: (t: number) => number) => {
    let phase = 0;
    return shot(seconds, (t) => {
      phase += (2 * Math.PI * freq(t)) / sr;
      return Math.sin(phase) * env(t);
    });
  };
  const mix = (...layers: Float32Array[]) => {
    const out = new Float32Array(Math.max(...layers.map((l) => l.length)));
    for (const l of layers) for (let i = 0; i < l.length; i++) out[i]! += l[i]!;
    return out;
  };

  const kit: Kit = {
    kick: mix(
      swept(0.4, (t) => 48 + 110 * Math.exp(-t * 35), (t) => Math.exp(-t * 7)),
      highpassed(0.01, 2000, (t) => 0.3 * Math.exp(-t * 400)),
    ),
    snare: mix(
      highpassed(0.25, 1200, (t) => 0.7 * Math.exp(-t * 18)),
      swept(0.2, () => 185, (t) => 0.6 * Math.exp(-t * 30)),
    ),
    clap: highpassed(0.3, 900, (t) => {
      const burst = t < 0.03 ? Math.exp(-(t % 0.011) * 200) : 0;
      return 0.8 * Math.max(burst, Math.exp(-(t - 0.022) * 20) * (t >= 0.022 ? 0.6 : 0));
    }),
    rim: mix(
      swept(0.06, () => 1700, (t) => 0.5 * Math.exp(-t * 120)),
      swept(0.08, () => 820, (t) => 0.4 * Math.exp(-t * 90)),
    ),
    hat: highpassed(0.08, 5000, (t) => 0.6 * Math.exp(-t * 70)),
    openHat: highpassed(0.35, 4500, (t) => 0.5 * Math.exp(-t * 11)),
    ride: mix(
      highpassed(0.5, 4000, (t) => 0.3 * Math.exp(-t * 8)),
      ...[3150, 3720, 4470, 5280].map((f) => swept(0.3, () => f, (t) => 0.04 * Math.exp(-t * 14))),
    ),
    shaker: highpassed(0.09, 4000, (t) => 0.5 * Math.min(1, t / 0.008) * Math.exp(-t * 45)),
    congaHi: mix(
      swept(0.3, (t) => 330 + 60 * Math.exp(-t * 40), (t) => 0.7 * Math.exp(-t * 16)),
      highpassed(0.02, 1500, (t) => 0.2 * Math.exp(-t * 200)),
    ),
    congaLo: mix(
      swept(0.35, (t) => 210 + 40 * Math.exp(-t * 40), (t) => 0.8 * Math.exp(-t * 12)),
      highpassed(0.02, 1500, (t) => 0.2 * Math.exp(-t * 200)),
    ),
    bell: mix(
      swept(0.3, () => 880, (t) => 0.45 * Math.exp(-t * 14)),
      swept(0.3, () => 880 * 2.76, (t) => 0.2 * Math.exp(-t * 20)),
    ),
    talkUp: swept(0.35, (t) => 140 + 80 * (1 - Math.exp(-t * 10)), (t) => 0.8 * Math.min(1, t / 0.004) * Math.exp(-t * 7)),
    talkDown: swept(0.35, (t) => 220 - 80 * (1 - Math.exp(-t * 10)), (t) => 0.8 * Math.min(1, t / 0.004) * Math.exp(-t * 7)),
  };
  kits.set(sr, kit);
  return kit;
}

function addSample(out: Float32Array, sample: Float32Array, start: number, sr: number, gain: number): void {
  const s0 = Math.max(0, Math.round(start * sr));
  const end = Math.min(out.length, s0 + sample.length);
  for (let j = s0, i = 0; j < end; j++, i++) out[j]! += sample[i]! * gain;
}

type Mode = 'major' | 'minor' | 'dorian' | 'mixolydian';

const MODES: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
};

/**
 * Step patterns are 16 sixteenth notes of a 4/4 bar. Drums: X accent, x normal, o ghost.
 * Bass: R root, 3/5/7 chord tones, 8 octave, '-' holds the previous note, '.' rests.
 * Chords: any letter strikes, '-' holds.
 */
interface ChordPart {
  voice: Voice;
  pattern: string;
  style: 'block' | 'arp' | 'power';
  gain: number;
  /** Semitones. */
  transpose?: number;
}

interface GenreProfile {
  bpm: readonly [number, number];
  modes: readonly Mode[];
  melodyScale: 'pentatonic' | 'diatonic';
  progressions: readonly (readonly number[])[];
  sevenths: boolean;
  swing: number;
  swingUnit: 8 | 16;
  drums: Partial<Record<DrumVoice, string>>;
  /** `pattern` is a step pattern, or WALKING for a jazz walking line. */
  bass: { voice: Voice; pattern: string; gain: number };
  chords: readonly ChordPart[];
  lead: { voice: Voice; density: number; gain: number; chorusDouble?: Voice };
}

const WALKING = 'walking';

const DRUM_GAIN: Record<DrumVoice, number> = {
  kick: 1, snare: 0.55, clap: 0.5, rim: 0.35, hat: 0.22, openHat: 0.2, ride: 0.35, shaker: 0.18,
  congaHi: 0.35, congaLo: 0.4, bell: 0.22, talkUp: 0.45, talkDown: 0.45,
};

const PROFILES: Record<string, GenreProfile> = {
  afrobeats: {
    bpm: [100, 110], modes: ['minor', 'major'], melodyScale: 'pentatonic',
    progressions: [[5, 3, 0, 4], [0, 5, 3, 4], [1, 4, 0, 0]], sevenths: true, swing: 0.12, swingUnit: 16,
    drums: {
      kick: 'X..X....X..X....', rim: '...X..X....X..X.', clap: '....x.......x...',
      shaker: 'xoxoxoxoxoxoxoxo', congaHi: '..x...x...x.x..x', congaLo: 'x.......x.....x.',
    },
    bass: { voice: VOICES.subBass, pattern: 'R..R..R.8..R.5..', gain: 0.5 },
    chords: [
      { voice: VOICES.epiano, pattern: '..X-..X-..X-.X-.', style: 'block', gain: 0.3 },
      { voice: VOICES.pad, pattern: 'X---------------', style: 'block', gain: 0.1 },
    ],
    lead: { voice: VOICES.pluck, density: 0.55, gain: 0.32, chorusDouble: VOICES.bell },
  },
  amapiano: {
    bpm: [110, 115], modes: ['minor', 'dorian'], melodyScale: 'pentatonic',
    progressions: [[0, 3, 6, 5], [0, 5, 3, 4], [1, 4, 0, 5]], sevenths: true, swing: 0.1, swingUnit: 16,
    drums: {
      kick: 'X...X...X...X...', clap: '....X.......X...', hat: '..x...x...x...x.',
      shaker: 'xoxxxoxxxoxxxoxx', congaHi: '...x.....x....x.',
    },
    bass: { voice: VOICES.logDrum, pattern: 'R..R..8...R..5..', gain: 0.6 },
    chords: [
      { voice: VOICES.epiano, pattern: '..X-....X-..X-..', style: 'block', gain: 0.3 },
      { voice: VOICES.pad, pattern: 'X---------------', style: 'block', gain: 0.09 },
    ],
    lead: { voice: VOICES.bell, density: 0.35, gain: 0.26 },
  },
  highlife: {
    bpm: [108, 124], modes: ['major'], melodyScale: 'pentatonic',
    progressions: [[0, 3, 4, 0], [0, 4, 3, 4], [0, 1, 4, 0]], sevenths: false, swing: 0.05, swingUnit: 16,
    drums: {
      kick: 'X.......X.x.....', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.',
      bell: 'X..X..X...X.X...', congaHi: '..x...x...x...x.',
    },
    bass: { voice: VOICES.pickBass, pattern: 'R..R.5..R..R.3.5', gain: 0.45 },
    chords: [
      { voice: VOICES.pluck, pattern: 'X.XXX.XX.XXX.X.X', style: 'arp', gain: 0.3, transpose: 12 },
      { voice: VOICES.pad, pattern: 'X---------------', style: 'block', gain: 0.07 },
    ],
    lead: { voice: VOICES.brass, density: 0.5, gain: 0.2, chorusDouble: VOICES.pluck },
  },
  jazz: {
    bpm: [112, 140], modes: ['major', 'dorian'], melodyScale: 'diatonic',
    progressions: [[1, 4, 0, 5], [0, 5, 1, 4], [2, 5, 1, 4]], sevenths: true, swing: 0.33, swingUnit: 8,
    drums: { ride: 'X...X.X.X...X.X.', hat: '....x.......x...', kick: 'o...o...o...o...', snare: '......o.......o.' },
    bass: { voice: VOICES.upright, pattern: WALKING, gain: 0.55 },
    chords: [{ voice: VOICES.epiano, pattern: 'X-....X-...X-...', style: 'block', gain: 0.28 }],
    lead: { voice: VOICES.brass, density: 0.6, gain: 0.22 },
  },
  hiphop: {
    bpm: [85, 95], modes: ['minor', 'dorian'], melodyScale: 'pentatonic',
    progressions: [[0, 5, 2, 6], [0, 3, 0, 4], [0, 5, 3, 4]], sevenths: true, swing: 0.18, swingUnit: 16,
    drums: { kick: 'X......X.XX.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.xx' },
    bass: { voice: VOICES.subBass, pattern: 'R-----.RR-R-----', gain: 0.6 },
    chords: [
      { voice: VOICES.epiano, pattern: 'X-------X-------', style: 'block', gain: 0.3 },
      { voice: VOICES.pad, pattern: 'X---------------', style: 'block', gain: 0.08 },
    ],
    lead: { voice: VOICES.bell, density: 0.35, gain: 0.24 },
  },
  electronic: {
    bpm: [120, 128], modes: ['minor'], melodyScale: 'pentatonic',
    progressions: [[0, 5, 2, 6], [5, 3, 0, 4], [0, 3, 5, 4]], sevenths: false, swing: 0, swingUnit: 16,
    drums: {
      kick: 'X...X...X...X...', clap: '....X.......X...', openHat: '..X...X...X...X.', hat: 'oooooooooooooooo',
    },
    bass: { voice: VOICES.synthBass, pattern: '..R-..R-..R-..R-', gain: 0.5 },
    chords: [
      { voice: VOICES.stab, pattern: '..X...X...X..X..', style: 'block', gain: 0.16 },
      { voice: VOICES.pluck, pattern: 'XXXXXXXXXXXXXXXX', style: 'arp', gain: 0.16, transpose: 12 },
      { voice: VOICES.pad, pattern: 'X---------------', style: 'block', gain: 0.08 },
    ],
    lead: { voice: VOICES.synthLead, density: 0.45, gain: 0.16 },
  },
  classical: {
    bpm: [66, 84], modes: ['major', 'minor'], melodyScale: 'diatonic',
    progressions: [[0, 3, 4, 0], [0, 5, 3, 4], [0, 1, 4, 0]], sevenths: false, swing: 0, swingUnit: 16,
    drums: {},
    bass: { voice: VOICES.cello, pattern: 'R-------5-------', gain: 0.35 },
    chords: [
      { voice: VOICES.piano, pattern: 'X.X.X.X.X.X.X.X.', style: 'arp', gain: 0.35 },
      { voice: VOICES.strings, pattern: 'X---------------', style: 'block', gain: 0.08 },
    ],
    lead: { voice: VOICES.violin, density: 0.35, gain: 0.2 },
  },
  rnb: {
    bpm: [72, 90], modes: ['major', 'minor'], melodyScale: 'pentatonic',
    progressions: [[1, 4, 0, 5], [3, 2, 1, 0], [0, 5, 1, 4]], sevenths: true, swing: 0.15, swingUnit: 16,
    drums: { kick: 'X.....X..X......', snare: '....X.......X...', hat: 'xoxoxoxoxoxoxoxo', rim: '..........o.....' },
    bass: { voice: VOICES.subBass, pattern: 'R-----R-..R---5-', gain: 0.55 },
    chords: [
      { voice: VOICES.epiano, pattern: 'X-----..X-----..', style: 'block', gain: 0.3 },
      { voice: VOICES.pad, pattern: 'X---------------', style: 'block', gain: 0.08 },
    ],
    lead: { voice: VOICES.flute, density: 0.45, gain: 0.24 },
  },
  pop: {
    bpm: [100, 120], modes: ['major'], melodyScale: 'pentatonic',
    progressions: [[0, 4, 5, 3], [5, 3, 0, 4], [0, 5, 3, 4]], sevenths: false, swing: 0, swingUnit: 16,
    drums: { kick: 'X.....X.X.....x.', clap: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
    bass: { voice: VOICES.synthBass, pattern: 'R-R-R-R-R-R-5-5-', gain: 0.45 },
    chords: [
      { voice: VOICES.pluck, pattern: 'X..X..X...X..X..', style: 'block', gain: 0.22 },
      { voice: VOICES.pad, pattern: 'X---------------', style: 'block', gain: 0.1 },
    ],
    lead: { voice: VOICES.synthLead, density: 0.55, gain: 0.17, chorusDouble: VOICES.bell },
  },
  rock: {
    bpm: [110, 140], modes: ['mixolydian', 'minor'], melodyScale: 'pentatonic',
    progressions: [[0, 6, 3, 0], [0, 3, 4, 3], [5, 3, 0, 4]], sevenths: false, swing: 0, swingUnit: 16,
    drums: { kick: 'X.....X.X.....X.', snare: '....X.......X...', hat: 'X.x.X.x.X.x.X.x.' },
    bass: { voice: VOICES.pickBass, pattern: 'R.R.R.R.R.R.R.R.', gain: 0.45 },
    chords: [{ voice: VOICES.power, pattern: 'X-X-X-X-X-X-X-X-', style: 'power', gain: 0.2, transpose: -12 }],
    lead: { voice: VOICES.lead, density: 0.5, gain: 0.16 },
  },
  gospel: {
    bpm: [72, 96], modes: ['major'], melodyScale: 'pentatonic',
    progressions: [[0, 3, 0, 4], [3, 4, 2, 5], [1, 4, 0, 0]], sevenths: true, swing: 0.2, swingUnit: 16,
    drums: { kick: 'X.......X.x.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.', shaker: '....x.......x...' },
    bass: { voice: VOICES.subBass, pattern: 'R---..5-R---..3-', gain: 0.5 },
    chords: [
      { voice: VOICES.organ, pattern: 'X-------X-------', style: 'block', gain: 0.12 },
      { voice: VOICES.piano, pattern: '..X...X...X...X.', style: 'block', gain: 0.22, transpose: 12 },
    ],
    lead: { voice: VOICES.flute, density: 0.45, gain: 0.24 },
  },
  fuji: {
    bpm: [100, 120], modes: ['minor', 'dorian'], melodyScale: 'pentatonic',
    progressions: [[0, 0, 3, 3], [0, 3, 0, 4], [0, 6, 0, 4]], sevenths: false, swing: 0.08, swingUnit: 16,
    drums: {
      kick: 'X.....X...X.....', talkUp: 'X.....X.....X...', talkDown: '...x.....x....x.',
      congaHi: '..x..x..x..x..x.', bell: 'X.X.X..X.X.X..X.', shaker: 'xoxoxoxoxoxoxoxo',
    },
    bass: { voice: VOICES.subBass, pattern: 'R-.....R-.5.....', gain: 0.5 },
    chords: [{ voice: VOICES.organ, pattern: 'X---------------', style: 'block', gain: 0.07 }],
    lead: { voice: VOICES.flute, density: 0.4, gain: 0.24 },
  },
  juju: {
    bpm: [100, 116], modes: ['major'], melodyScale: 'pentatonic',
    progressions: [[0, 3, 0, 4], [0, 4, 3, 4], [0, 3, 4, 4]], sevenths: false, swing: 0.08, swingUnit: 16,
    drums: {
      kick: 'X.......X.......', hat: 'x.x.x.x.x.x.x.x.', talkUp: '..X.....X.X.....',
      talkDown: '.....x......x..x', congaLo: 'X.....x.X.....x.',
    },
    bass: { voice: VOICES.pickBass, pattern: 'R..5..R.R..5..3.', gain: 0.45 },
    chords: [
      { voice: VOICES.pluck, pattern: 'X.XX.XX.X.XX.XX.', style: 'arp', gain: 0.28, transpose: 12 },
      { voice: VOICES.pluck, pattern: '..X...X...X...X.', style: 'block', gain: 0.14 },
    ],
    lead: { voice: VOICES.steel, density: 0.4, gain: 0.26 },
  },
  dancehall: {
    bpm: [90, 100], modes: ['minor'], melodyScale: 'pentatonic',
    progressions: [[0, 5, 6, 4], [0, 3, 4, 3], [0, 5, 3, 4]], sevenths: false, swing: 0, swingUnit: 16,
    drums: { kick: 'X...X...X...X...', snare: '...X..X....X..X.', hat: 'x.x.x.x.x.x.x.x.' },
    bass: { voice: VOICES.synthBass, pattern: 'R-..R-.5R-..R-.3', gain: 0.5 },
    chords: [{ voice: VOICES.stab, pattern: '..X...X...X...X.', style: 'block', gain: 0.18 }],
    lead: { voice: VOICES.synthLead, density: 0.45, gain: 0.16 },
  },
};

const GENRE_ALIASES: Record<string, string> = { rb: 'rnb', randb: 'rnb', afropop: 'afrobeats', afrofusion: 'afrobeats', trap: 'hiphop', drill: 'hiphop', reggae: 'dancehall', house: 'electronic' };

function profileFor(genre: string): GenreProfile {
  const key = genre.toLowerCase().replace(/[^a-z]/g, '');
  return PROFILES[GENRE_ALIASES[key] ?? key] ?? PROFILES.pop!;
}

const VELOCITY: Record<string, number> = { X: 1, x: 0.65, o: 0.3 };

interface MotifNote {
  /** Eighth-note slot within the two-bar motif. */
  slot: number;
  length: number;
  degree: number;
}

const MOTIF_SLOTS = 16;

/** A two-bar melodic idea: a stepwise walk over the scale that lands long on its last note. */
function makeMotif(rnd: Rng, density: number, scaleLength: number): MotifNote[] {
  const onsets: number[] = [0];
  for (let slot = 1; slot < MOTIF_SLOTS - 3; slot++) {
    if (rnd() < density + (slot % 2 === 0 ? 0.2 : -0.1)) onsets.push(slot);
  }
  onsets.push(MOTIF_SLOTS - 4);
  const top = scaleLength * 2 - 1;
  let degree = scaleLength + Math.floor(rnd() * 3) - 1;
  return [...new Set(onsets)].map((slot, i, all) => {
    degree = Math.min(top, Math.max(0, degree + pick(rnd, [-2, -1, -1, 0, 1, 1, 2])));
    return { slot, length: (all[i + 1] ?? MOTIF_SLOTS) - slot, degree };
  });
}

/** Re-rolls the tail of a motif so a repeat answers the first statement instead of echoing it. */
function vary(rnd: Rng, motif: MotifNote[], scaleLength: number): MotifNote[] {
  const top = scaleLength * 2 - 1;
  return motif.map((note, i) =>
    i < motif.length - 2 ? note : { ...note, degree: Math.min(top, Math.max(0, note.degree + pick(rnd, [-2, -1, 1, 2]))) },
  );
}

function chordTones(mode: readonly number[], degree: number, sevenths: boolean): number[] {
  const count = sevenths ? 4 : 3;
  return Array.from({ length: count }, (_, i) => {
    const d = degree + i * 2;
    return mode[d % 7]! + 12 * Math.floor(d / 7);
  });
}

/** Places chord tones in one octave above `floor` so consecutive chords move by small steps. */
function placeInOctave(tones: readonly number[], key: number, floor: number): number[] {
  return tones.map((t) => floor + ((((key + t - floor) % 12) + 12) % 12)).sort((a, b) => a - b);
}

function bassNote(symbol: string, root: number, tones: readonly number[]): number {
  switch (symbol) {
    case '3': return root + (tones[1]! - tones[0]!);
    case '5': return root + (tones[2]! - tones[0]!);
    case '7': return root + ((tones[3] ?? tones[0]! + 10) - tones[0]!);
    case '8': return root + 12;
    default: return root;
  }
}

/** Note starts and lengths (in steps) of a step pattern, '-' extending the previous note. */
interface Hit {
  step: number;
  length: number;
  symbol: string;
}

function parseHits(pattern: string): Hit[] {
  const hits: Hit[] = [];
  for (let step = 0; step < pattern.length; step++) {
    const symbol = pattern[step]!;
    if (symbol === '-' && hits.length) hits[hits.length - 1]!.length++;
    else if (symbol !== '.' && symbol !== '-') hits.push({ step, length: 1, symbol });
  }
  return hits;
}

/** Feedback comb with a damped loop: one of the parallel resonators of the reverb. */
class Comb {
  private readonly buf: Float32Array;
  private idx = 0;
  private damped = 0;

  constructor(length: number) {
    this.buf = new Float32Array(length);
  }

  process(x: number): number {
    const y = this.buf[this.idx]!;
    this.damped = y * 0.7 + this.damped * 0.3;
    this.buf[this.idx] = x + this.damped * 0.8;
    if (++this.idx === this.buf.length) this.idx = 0;
    return y;
  }
}

class Allpass {
  private readonly buf: Float32Array;
  private idx = 0;

  constructor(length: number) {
    this.buf = new Float32Array(length);
  }

  process(x: number): number {
    const delayed = this.buf[this.idx]!;
    this.buf[this.idx] = x + delayed * 0.5;
    if (++this.idx === this.buf.length) this.idx = 0;
    return delayed - x;
  }
}

/** Schroeder reverb (Freeverb tunings): four parallel combs into two series all-passes. */
function addReverb(send: Float32Array, out: Float32Array, sr: number, wet: number): void {
  const scale = (d: number) => Math.round((d * sr) / 44100);
  const [c1, c2, c3, c4] = [1116, 1188, 1277, 1356].map((d) => new Comb(scale(d))) as [Comb, Comb, Comb, Comb];
  const [a1, a2] = [556, 441].map((d) => new Allpass(scale(d))) as [Allpass, Allpass];
  for (let i = 0; i < send.length; i++) {
    const x = send[i]!;
    const combs = c1.process(x) + c2.process(x) + c3.process(x) + c4.process(x);
    out[i]! += a2.process(a1.process(combs)) * wet;
  }
}

/** Everything fixed for a whole song, drawn from the seed before any bar is rendered. */
interface Song {
  profile: GenreProfile;
  rnd: Rng;
  sr: number;
  kit: Kit;
  stepDur: number;
  barDur: number;
  key: number;
  mode: readonly number[];
  scale: readonly number[];
  progressions: { verse: readonly number[]; chorus: readonly number[] };
  motifs: { verse: MotifNote[][]; chorus: MotifNote[][] };
  melodyBase: number;
  drumHits: Array<{ name: DrumVoice; hits: Hit[] }>;
  bassHits: Hit[];
  chordHits: Hit[][];
}

/** What changes from bar to bar: section and harmony. */
interface Bar {
  index: number;
  intro: boolean;
  chorus: boolean;
  /** Position within the current 8-bar section. */
  sectionBar: number;
  tones: number[];
  chord: number[];
  bassRoot: number;
  nextBassRoot: number;
}

const INTRO_BARS = 2;
const SECTION_BARS = 8;
const CHORD_FLOOR = 55;
const BASS_FLOOR = 36;

function planSong(opts: SynthOptions, sr: number): Song {
  const profile = profileFor(opts.genre);
  const rnd = mulberry32(opts.seed);
  const bpm = Math.round(profile.bpm[0] + rnd() * (profile.bpm[1] - profile.bpm[0]));
  const stepDur = 60 / bpm / 4;
  const key = Math.floor(rnd() * 12);
  const mode = MODES[pick(rnd, profile.modes)];
  const scale = profile.melodyScale === 'diatonic' ? mode : mode[2] === 3 ? [0, 3, 5, 7, 10] : [0, 2, 4, 7, 9];
  const verse = pick(rnd, profile.progressions);
  const chorus = rnd() < 0.5 ? verse : pick(rnd, profile.progressions);
  const { density } = profile.lead;
  const verseA = makeMotif(rnd, density, scale.length);
  const verseB = makeMotif(rnd, density, scale.length);
  const chorusA = makeMotif(rnd, density + 0.1, scale.length);
  return {
    profile,
    rnd,
    sr,
    kit: drumKit(sr),
    stepDur,
    barDur: stepDur * 16,
    key,
    mode,
    scale,
    progressions: { verse, chorus },
    // A A' B A in verses, A A' A A'' in choruses: enough repetition to sound like a tune.
    motifs: {
      verse: [verseA, vary(rnd, verseA, scale.length), verseB, verseA],
      chorus: [chorusA, vary(rnd, chorusA, scale.length), chorusA, vary(rnd, chorusA, scale.length)],
    },
    // Motifs hover an octave above this, so the tune sits just above the chord voicings.
    melodyBase: CHORD_FLOOR + ((key - CHORD_FLOOR + 120) % 12),
    drumHits: Object.entries(profile.drums).map(([name, pattern]) => ({ name: name as DrumVoice, hits: parseHits(pattern) })),
    bassHits: profile.bass.pattern === WALKING ? [] : parseHits(profile.bass.pattern),
    chordHits: profile.chords.map((part) => parseHits(part.pattern)),
  };
}

function barAt(song: Song, index: number): Bar {
  const intro = index < INTRO_BARS;
  const chorus = !intro && Math.floor((index - INTRO_BARS) / SECTION_BARS) % 2 === 1;
  const progression = chorus ? song.progressions.chorus : song.progressions.verse;
  const tones = chordTones(song.mode, progression[index % progression.length]!, song.profile.sevenths);
  const nextRoot = chordTones(song.mode, progression[(index + 1) % progression.length]!, false)[0]!;
  return {
    index,
    intro,
    chorus,
    sectionBar: (index - INTRO_BARS + SECTION_BARS) % SECTION_BARS,
    tones,
    chord: placeInOctave(tones, song.key, CHORD_FLOOR),
    bassRoot: placeInOctave([tones[0]!], song.key, BASS_FLOOR)[0]!,
    nextBassRoot: placeInOctave([nextRoot], song.key, BASS_FLOOR)[0]!,
  };
}

function stepTime(song: Song, bar: Bar, step: number): number {
  const { swing, swingUnit } = song.profile;
  let t = bar.index * song.barDur + step * song.stepDur;
  if (swingUnit === 16 && step % 2 === 1) t += swing * song.stepDur;
  if (swingUnit === 8 && step % 4 === 2) t += swing * 2 * song.stepDur;
  return t;
}

const humanize = (rnd: Rng) => (rnd() - 0.5) * 0.008;
const velocity = (rnd: Rng) => 0.88 + rnd() * 0.24;

function renderDrums(out: Float32Array, song: Song, bar: Bar): void {
  const { kit, rnd, sr, drumHits, profile } = song;
  for (const { name, hits } of drumHits) {
    if (bar.intro && (name === 'kick' || name === 'snare' || name === 'clap')) continue;
    for (const hit of hits) {
      const gain = DRUM_GAIN[name] * (VELOCITY[hit.symbol] ?? 1) * velocity(rnd);
      addSample(out, kit[name], stepTime(song, bar, hit.step) + humanize(rnd), sr, gain);
    }
  }
  if (!bar.intro && bar.sectionBar === SECTION_BARS - 1 && drumHits.length) {
    const fill = profile.drums.snare || profile.drums.clap ? kit.snare : kit.congaHi;
    for (const step of [12, 13, 14, 15]) addSample(out, fill, stepTime(song, bar, step), sr, 0.25 + (step - 12) * 0.1);
  }
}

function renderBass(out: Float32Array, song: Song, bar: Bar): void {
  if (bar.intro) return;
  const { bass } = song.profile;
  const play = (step: number, steps: number, midi: number) =>
    renderNote(out, song.sr, stepTime(song, bar, step), steps * song.stepDur, midiToHz(midi), bass.gain * velocity(song.rnd), bass.voice);
  if (bass.pattern === WALKING) {
    const approach = bar.nextBassRoot + (song.rnd() < 0.5 ? -1 : 1);
    const line = [bar.bassRoot, bassNote('3', bar.bassRoot, bar.tones), bassNote('5', bar.bassRoot, bar.tones), approach];
    line.forEach((midi, beat) => play(beat * 4, 3.6, midi));
    return;
  }
  for (const hit of song.bassHits) play(hit.step, hit.length * 0.9, bassNote(hit.symbol, bar.bassRoot, bar.tones));
}

function renderChords(out: Float32Array, song: Song, bar: Bar): void {
  song.profile.chords.forEach((part, p) => {
    const root = bar.chord[0]!;
    const pitches = (part.style === 'power' ? [root, root + 7, root + 12] : bar.chord).map((n) => n + (part.transpose ?? 0));
    const arpeggio = [...pitches, pitches[0]! + 12, ...pitches.slice(1).reverse()];
    song.chordHits[p]!.forEach((hit, i) => {
      const start = stepTime(song, bar, hit.step);
      const dur = hit.length * song.stepDur * 0.95;
      const notes = part.style === 'arp' ? [arpeggio[i % arpeggio.length]!] : pitches;
      const gain = (part.gain * velocity(song.rnd)) / Math.sqrt(notes.length);
      for (const note of notes) renderNote(out, song.sr, start, dur, midiToHz(note), gain, part.voice);
    });
  });
}

function renderMelody(out: Float32Array, song: Song, bar: Bar): void {
  if (bar.index < INTRO_BARS + 2) return;
  const { scale, melodyBase, profile, rnd } = song;
  const motif = (bar.chorus ? song.motifs.chorus : song.motifs.verse)[Math.floor(bar.sectionBar / 2)]!;
  const half = bar.sectionBar % 2;
  const pitchOf = (degree: number) => melodyBase + scale[degree % scale.length]! + 12 * Math.floor(degree / scale.length);
  const chordPcs = new Set(bar.chord.map((n) => n % 12));
  for (const note of motif) {
    if (Math.floor(note.slot / 8) !== half) continue;
    const step = (note.slot % 8) * 2;
    let degree = note.degree;
    // Land on a chord tone at the downbeat so the melody agrees with the harmony.
    if (step === 0) {
      degree = [0, -1, 1, -2, 2].map((o) => degree + o).find((d) => d >= 0 && chordPcs.has(pitchOf(d) % 12)) ?? degree;
    }
    const midi = pitchOf(degree);
    const start = stepTime(song, bar, step) + humanize(rnd);
    const dur = note.length * 2 * song.stepDur * 0.9;
    const gain = profile.lead.gain * velocity(rnd);
    renderNote(out, song.sr, start, dur, midiToHz(midi), gain, profile.lead.voice);
    if (bar.chorus && profile.lead.chorusDouble) {
      renderNote(out, song.sr, start, dur, midiToHz(midi + 12), gain * 0.35, profile.lead.chorusDouble);
    }
  }
}

export function synthesizeTrack(opts: SynthOptions): Int16Array {
  const sr = opts.sampleRate ?? DEMO_AUDIO.sampleRate;
  const total = Math.round(opts.durationSeconds * sr);
  const song = planSong(opts, sr);
  // Drums and bass stay dry; chords and melody also feed the reverb.
  const dry = new Float32Array(total);
  const tonal = new Float32Array(total);
  const bars = Math.ceil(opts.durationSeconds / song.barDur);
  for (let index = 0; index < bars; index++) {
    const bar = barAt(song, index);
    renderDrums(dry, song, bar);
    renderBass(dry, song, bar);
    renderChords(tonal, song, bar);
    renderMelody(tonal, song, bar);
  }
  addReverb(tonal, dry, sr, 0.12);
  for (let i = 0; i < total; i++) dry[i]! += tonal[i]!;
  return master(dry, sr);
}

/** Loudness-normalises, soft-limits (never reaching full scale) and fades both ends. */
function master(mix: Float32Array, sr: number): Int16Array {
  const length = mix.length;
  let sumSquares = 0;
  for (let i = 0; i < length; i++) sumSquares += mix[i]! * mix[i]!;
  const rms = Math.sqrt(sumSquares / Math.max(1, length));
  const gain = rms > 1e-9 ? 0.22 / rms : 0;
  const out = new Int16Array(length);
  // Int16Array stores truncate toward zero; sub-LSB error is inaudible and Math.round here costs 3x the loop.
  for (let i = 0; i < length; i++) out[i] = softClip(mix[i]! * gain) * 31000;
  const fadeIn = Math.max(1, Math.round(Math.min(1.5, length / sr / 4) * sr));
  const fadeOut = Math.max(1, Math.round(Math.min(2, length / sr / 4) * sr));
  for (let i = 0; i < Math.min(fadeIn, length); i++) out[i] = out[i]! * (i / fadeIn) ** 2;
  for (let i = 0; i < Math.min(fadeOut, length); i++) {
    const j = length - 1 - i;
    out[j] = out[j]! * (i / fadeOut) ** 2;
  }
  return out;
}
