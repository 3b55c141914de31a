import { type Rng, mulberry32, pick } from '../seeded-random.js';
import { type DrumVoice, type Kit, drumKit } from './drum-kit.js';
import { type GenreProfile, MODES, WALKING, profileFor } from './genre-styles.js';

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

export function bassNote(symbol: string, root: number, tones: readonly number[]): number {
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

/** Everything fixed for a whole song, drawn from the seed before any bar is rendered. */
export interface Song {
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
export interface Bar {
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

export const INTRO_BARS = 2;
export const SECTION_BARS = 8;
const CHORD_FLOOR = 55;
const BASS_FLOOR = 36;

export function planSong(seed: number, genre: string, sr: number): Song {
  const profile = profileFor(genre);
  const rnd = mulberry32(seed);
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

export function barAt(song: Song, index: number): Bar {
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
