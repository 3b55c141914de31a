import { softClip } from './instruments.js';

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
export function addReverb(send: Float32Array, out: Float32Array, sr: number, wet: number): void {
  const scale = (d: number) => Math.round((d * sr) / 44100);
  const [c1, c2, c3, c4] = [1116, 1188, 1277, 1356].map((d) => new Comb(scale(d))) as [Comb, Comb, Comb, Comb];
  const [a1, a2] = [556, 441].map((d) => new Allpass(scale(d))) as [Allpass, Allpass];
  for (let i = 0; i < send.length; i++) {
    const x = send[i]!;
    const combs = c1.process(x) + c2.process(x) + c3.process(x) + c4.process(x);
    out[i]! += a2.process(a1.process(combs)) * wet;
  }
}

/** Loudness-normalises, soft-limits (never reaching full scale) and fades both ends. */
export function master(mix: Float32Array, sr: number): Int16Array {
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
