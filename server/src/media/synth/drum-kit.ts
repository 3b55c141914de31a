import { mulberry32 } from '../seeded-random.js';

export type DrumVoice =
  | 'kick' | 'snare' | 'clap' | 'rim' | 'hat' | 'openHat' | 'ride' | 'shaker'
  | 'congaHi' | 'congaLo' | 'bell' | 'talkUp' | 'talkDown';

export type Kit = Record<DrumVoice, Float32Array>;

const kits = new Map<number, Kit>();

/** One-shot drum samples, synthesized once per sample rate from a fixed seed. */
export function drumKit(sr: number): Kit {
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

export function addSample(out: Float32Array, sample: Float32Array, start: number, sr: number, gain: number): void {
  const s0 = Math.max(0, Math.round(start * sr));
  const end = Math.min(out.length, s0 + sample.length);
  for (let j = s0, i = 0; j < end; j++, i++) out[j]! += sample[i]! * gain;
}
