import { type DrumVoice } from './drum-kit.js';
import { type Voice, VOICES } from './instruments.js';

type Mode = 'major' | 'minor' | 'dorian' | 'mixolydian';

export const MODES: Record<Mode, readonly number[]> = {
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

export interface GenreProfile {
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

export const WALKING = 'walking';

export const DRUM_GAIN: Record<DrumVoice, number> = {
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

export function profileFor(genre: string): GenreProfile {
  const key = genre.toLowerCase().replace(/[^a-z]/g, '');
  return PROFILES[GENRE_ALIASES[key] ?? key] ?? PROFILES.pop!;
}

export const VELOCITY: Record<string, number> = { X: 1, x: 0.65, o: 0.3 };
