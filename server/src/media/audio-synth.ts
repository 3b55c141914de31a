/**
 * Deterministic music synthesis for the demo catalogue: a seed and a genre pick a
 * tempo, key, chord progression, groove and motifs, rendered to mono 16-bit PCM.
 */

import { barAt, planSong } from './synth/composition.js';
import { addReverb, master } from './synth/mixdown.js';
import { renderBass, renderChords, renderDrums, renderMelody } from './synth/performance.js';

export const DEMO_AUDIO = { sampleRate: 22050, channels: 1, bitrateKbps: 64 } as const;

export interface SynthOptions {
  seed: number;
  genre: string;
  durationSeconds: number;
  sampleRate?: number;
}

export function synthesizeTrack(opts: SynthOptions): Int16Array {
  const sr = opts.sampleRate ?? DEMO_AUDIO.sampleRate;
  const total = Math.round(opts.durationSeconds * sr);
  const song = planSong(opts.seed, opts.genre, sr);
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
