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

export interface Voice {
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

export const VOICES = {
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

export function renderNote(out: Float32Array, sr: number, start: number, dur: number, freq: number, gain: number, v: Voice): void {
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
export function softClip(x: number): number {
  if (x <= -3) return -1;
  if (x >= 3) return 1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

export const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
