import { describe, expect, it } from 'vitest';
import { DEMO_AUDIO, synthesizeTrack } from './audio-synth.js';

const GENRES = [
  'Afrobeats', 'Amapiano', 'Highlife', 'Jazz', 'Hip Hop', 'Electronic', 'Classical',
  'R&B', 'Pop', 'Rock', 'Gospel', 'Fuji', 'Juju', 'Dancehall',
];

function rms(pcm: Int16Array, from = 0, to = pcm.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

function differs(a: Int16Array, b: Int16Array): boolean {
  return a.length !== b.length || a.some((v, i) => v !== b[i]);
}

describe('synthesizeTrack', () => {
  it('returns exactly round(duration * sampleRate) samples', () => {
    expect(synthesizeTrack({ seed: 1, genre: 'Pop', durationSeconds: 3.3 })).toHaveLength(Math.round(3.3 * DEMO_AUDIO.sampleRate));
    expect(synthesizeTrack({ seed: 1, genre: 'Pop', durationSeconds: 2, sampleRate: 16000 })).toHaveLength(32000);
  });

  it('is deterministic for a seed and genre', () => {
    const a = synthesizeTrack({ seed: 42, genre: 'Afrobeats', durationSeconds: 6 });
    const b = synthesizeTrack({ seed: 42, genre: 'Afrobeats', durationSeconds: 6 });
    expect(differs(a, b)).toBe(false);
  });

  it('differs between seeds and between genres', () => {
    const base = synthesizeTrack({ seed: 42, genre: 'Afrobeats', durationSeconds: 6 });
    expect(differs(base, synthesizeTrack({ seed: 43, genre: 'Afrobeats', durationSeconds: 6 }))).toBe(true);
    expect(differs(base, synthesizeTrack({ seed: 42, genre: 'Jazz', durationSeconds: 6 }))).toBe(true);
  });

  it.each(GENRES)('%s is audible, never clips and fades in and out', (genre) => {
    const sr = DEMO_AUDIO.sampleRate;
    const pcm = synthesizeTrack({ seed: 7, genre, durationSeconds: 20 });
    const body = rms(pcm, 5 * sr, 15 * sr);
    expect(body).toBeGreaterThan(2000);

    const clipped = pcm.filter((v) => Math.abs(v) >= 32767).length;
    expect(clipped / pcm.length).toBeLessThan(0.001);

    const edge = Math.round(0.05 * sr);
    expect(Math.abs(pcm[0]!)).toBeLessThan(50);
    expect(Math.abs(pcm[pcm.length - 1]!)).toBeLessThan(50);
    expect(rms(pcm, 0, edge)).toBeLessThan(body * 0.05);
    expect(rms(pcm, pcm.length - edge)).toBeLessThan(body * 0.05);
  });

  it('falls back to a default style for unknown genres', () => {
    const pcm = synthesizeTrack({ seed: 3, genre: 'Polka', durationSeconds: 8 });
    expect(rms(pcm, 2 * DEMO_AUDIO.sampleRate, 6 * DEMO_AUDIO.sampleRate)).toBeGreaterThan(2000);
  });
});
