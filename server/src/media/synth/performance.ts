/** Plays one bar of each part; swing and small timing and velocity variations keep the loop from sounding mechanical. */
import { type Rng } from '../seeded-random.js';
import { type Bar, type Song, INTRO_BARS, SECTION_BARS, bassNote } from './composition.js';
import { addSample } from './drum-kit.js';
import { DRUM_GAIN, VELOCITY, WALKING } from './genre-styles.js';
import { midiToHz, renderNote } from './instruments.js';

function stepTime(song: Song, bar: Bar, step: number): number {
  const { swing, swingUnit } = song.profile;
  let t = bar.index * song.barDur + step * song.stepDur;
  if (swingUnit === 16 && step % 2 === 1) t += swing * song.stepDur;
  if (swingUnit === 8 && step % 4 === 2) t += swing * 2 * song.stepDur;
  return t;
}

const humanize = (rnd: Rng) => (rnd() - 0.5) * 0.008;
const velocity = (rnd: Rng) => 0.88 + rnd() * 0.24;

export function renderDrums(out: Float32Array, song: Song, bar: Bar): void {
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

export function renderBass(out: Float32Array, song: Song, bar: Bar): void {
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

export function renderChords(out: Float32Array, song: Song, bar: Bar): void {
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

export function renderMelody(out: Float32Array, song: Song, bar: Bar): void {
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
