/** The loudness every song is brought toward at playback (the streaming services' level). */
export const TARGET_LOUDNESS_LUFS = -14;
/** The highest true peak a gain may bring a song to: 1 dB below full scale leaves room for a lossy rendition's overshoot. */
export const TRUE_PEAK_CEILING_DBTP = -1;
/** EBU R128's absolute gate: nothing quieter counts as programme, so a song measured this low is silence. */
export const SILENCE_LUFS = -70;
/** A quiet recording of hiss is not brought up without bound, nor a loud master cut to nothing. */
const MAX_BOOST_DB = 12;
const MAX_CUT_DB = 24;
/** Decibels in binary floating point: -1 - -1.4 is 0.3999…, which is 0.4 on the meter's scale. */
const ROUNDING_SLACK = 1e-6;

/**
 * ffmpeg's EBU R128 meter: integrated loudness and true peak (4x oversampled), logged at the end of the
 * run. It passes the audio through unchanged, so it can ride on an encode. Mono is measured as dual
 * mono, as it is heard: the player sends it to both speakers, 3 dB louder than one channel alone.
 * Its per-frame lines are sent to the verbose level, below what the run logs.
 */
export const LOUDNESS_FILTER = 'ebur128=peak=true:dualmono=true:framelog=verbose';

/** What the meter found; -Infinity where there was no signal (a true peak of digital silence). */
export type LoudnessMeasurement = { integratedLufs: number; truePeakDbtp: number };

/** A song's loudness columns: all three are set together, so a measured song never has a null loudness. */
export type SongLoudness = { loudnessLufs: number; truePeakDbtp: number | null; trackGainDb: number };

const DECIBELS = String.raw`(-?(?:\d+(?:\.\d+)?|inf))`;
const SUMMARY = new RegExp(String.raw`Summary:\s+Integrated loudness:\s+I:\s+${DECIBELS} LUFS[\s\S]*?True peak:\s+Peak:\s+${DECIBELS} dBFS`);

/** Reads the meter's summary from what ffmpeg logged; throws when it is not there (the run measured nothing). */
export function parseLoudnessSummary(log: string): LoudnessMeasurement {
  const match = SUMMARY.exec(log);
  if (!match) throw new Error(`ffmpeg's log has no loudness summary: ${log.slice(-300)}`);
  return { integratedLufs: decibels(match[1]!), truePeakDbtp: decibels(match[2]!) };
}

function decibels(text: string): number {
  return text === 'inf' ? Infinity : text === '-inf' ? -Infinity : Number(text);
}

/**
 * The gain that brings a song to the target loudness, never past the true-peak ceiling (a loud song
 * is cut; a quiet one is raised only as far as its peaks allow), rounded to the meter's 0.1 dB.
 * Silence gets none: there is nothing to bring up.
 */
export function trackGainDb({ integratedLufs, truePeakDbtp }: LoudnessMeasurement): number {
  if (!(integratedLufs > SILENCE_LUFS)) return 0;
  const towardTarget = Math.min(Math.max(TARGET_LOUDNESS_LUFS - integratedLufs, -MAX_CUT_DB), MAX_BOOST_DB);
  // Last, and rounded down, so that neither the range nor the rounding can take a peak past the ceiling.
  const peakLimit = Math.floor((TRUE_PEAK_CEILING_DBTP - truePeakDbtp) * 10 + ROUNDING_SLACK) / 10;
  // `|| 0`: no -0 in an answer.
  return Math.min(Math.round(towardTarget * 10) / 10, peakLimit) || 0;
}

/**
 * What is stored for a measurement. Silence is stored at the gate's level rather than left null, so a
 * silent song counts as measured and is not queued again; a peak of digital silence has no level (null).
 */
export function songLoudness(measurement: LoudnessMeasurement): SongLoudness {
  return {
    loudnessLufs: Math.max(measurement.integratedLufs, SILENCE_LUFS),
    truePeakDbtp: Number.isFinite(measurement.truePeakDbtp) ? measurement.truePeakDbtp : null,
    trackGainDb: trackGainDb(measurement),
  };
}
