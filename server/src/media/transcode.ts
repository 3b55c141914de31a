import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import { type Readable, Transform } from 'node:stream';
import { LOUDNESS_FILTER, type LoudnessMeasurement, parseLoudnessSummary } from './loudness.js';

const STDERR_TAIL_CHARS = 2000;
/**
 * ffmpeg yields the CPU to the server's requests: transcoding is background work. The lowest priority:
 * at nice 10 the API's p95 doubled while the catalogue was transcoded on two cores (bench/transcoding.ts).
 */
const FFMPEG_NICENESS = 19;

/** The meter logs its summary at the info level, the end of what the run says (its progress line left out). */
const METER_LOG = ['-v', 'info', '-nostats'];

export type DecodeCheck = { ok: true } | { ok: false; error: string };

/**
 * Decodes the first audio stream of a file to the end and throws the samples away. -xerror stops at
 * the first damaged frame that ffmpeg reports: a file that only starts well is not "decodable".
 * Throws only when ffmpeg cannot run or the signal aborts; a bad file is `{ ok: false }`.
 */
export async function checkDecodes(ffmpeg: string, inputPath: string, signal?: AbortSignal): Promise<DecodeCheck> {
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', inputPath, '-map', '0:a:0', '-f', 'null', '-'];
  const { code, stderr } = await runToExit(ffmpeg, args, signal);
  if (code === 0) return { ok: true };
  return { ok: false, error: stderr || `ffmpeg exited with code ${code}` };
}

/**
 * Encodes the first audio stream of a file as constant-bitrate MP3 and hands ffmpeg's output, as it
 * comes, to `consume` (which streams it to storage): the rendition is never whole in memory. The
 * stream ends only once ffmpeg has exited, and errors instead of ending when ffmpeg failed, so a
 * consumer never keeps a truncated rendition. Tags and embedded pictures are left out; ffmpeg itself
 * mixes more than two channels down and resamples rates MP3 does not have.
 */
export async function transcodeToMp3<T>(
  ffmpeg: string,
  inputPath: string,
  { bitrateKbps }: { bitrateKbps: number },
  consume: (mp3: Readable) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const args = [
    '-hide_banner', '-nostdin', '-v', 'error', '-i', inputPath,
    '-map', '0:a:0', '-map_metadata', '-1',
    '-codec:a', 'libmp3lame', '-b:a', `${bitrateKbps}k`,
    // No ID3 tag: nothing of the upload's tags is republished, and equal audio gives equal bytes (one stored object).
    '-id3v2_version', '0', '-write_id3v1', '0',
    '-f', 'mp3', 'pipe:1',
  ];
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
  lowerPriority(child);
  const stderr = collectTail(child.stderr);
  const exited = exitOf(child, ffmpeg, signal).then((code) => {
    if (code !== 0) throw new Error(`ffmpeg could not encode ${bitrateKbps} kbps MP3 (exit ${code}): ${stderr().trim()}`);
  });
  // Handled through the output stream and the await below; this only keeps Node from reporting it early.
  exited.catch(() => {});

  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      exited.then(() => callback(), callback);
    },
  });
  child.stdout.on('error', (error) => output.destroy(error));
  child.stdout.pipe(output);

  try {
    const result = await consume(output);
    await exited;
    return result;
  } catch (error) {
    child.kill('SIGKILL');
    output.destroy();
    throw signal?.aborted ? signal.reason : error;
  }
}

/**
 * Encodes the first audio stream of a file as stereo Opus in WebM at a constant bitrate, so a
 * saver's data per hour is what its label says (constrained VBR overshot it on dense music), in
 * 60 ms frames: a third of the container's per-frame bytes of the default 20 ms, which at 24 kbps
 * were a tenth of the file. Hands the file to `consume`. Unlike MP3 it goes through a file beside
 * the input: WebM names its duration and where to seek (its cues) only once the end is written,
 * which ffmpeg does by seeking back, impossible in a pipe; without them a browser shows no length
 * and cannot seek before it has it all.
 *
 * With `measureLoudness`, the same run measures the song's loudness and hands it to `consume` too: the
 * meter rides on the encode's decoding and its resampling to 48 kHz (Opus's rate, and the one ffmpeg's
 * meter works at), which a pass of its own would do again. On a 4-minute song the meter added 0.7 s
 * to this encode, a pass of its own 0.9 s, and loudnorm's analysis pass 3.3 s, which took the song's
 * renditions past twice the time of its MP3 ones (bench/data-per-hour.ts).
 */
export async function transcodeToOpus<T>(
  ffmpeg: string,
  inputPath: string,
  { bitrateKbps, measureLoudness = false }: { bitrateKbps: number; measureLoudness?: boolean },
  consume: (webm: Readable, loudness: LoudnessMeasurement | undefined) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const outputPath = `${inputPath}.opus-${bitrateKbps}.webm`;
  const args = [
    '-hide_banner', '-nostdin', ...(measureLoudness ? METER_LOG : ['-v', 'error']), '-y', '-i', inputPath,
    '-map', '0:a:0', '-map_metadata', '-1',
    ...(measureLoudness ? ['-af', LOUDNESS_FILTER] : []),
    '-codec:a', 'libopus', '-b:a', `${bitrateKbps}k`, '-vbr', 'off', '-frame_duration', '60', '-ac', '2', '-application', 'audio',
    // No muxer or encoder name written: equal audio gives equal bytes (one stored object).
    '-fflags', '+bitexact', '-flags:a', '+bitexact',
    '-f', 'webm', outputPath,
  ];
  try {
    const { code, stderr } = await runToExit(ffmpeg, args, signal);
    if (code !== 0) throw new Error(`ffmpeg could not encode ${bitrateKbps} kbps Opus (exit ${code}): ${stderr}`);
    const loudness = measureLoudness ? parseLoudnessSummary(stderr) : undefined;
    const webm = createReadStream(outputPath);
    try {
      return await consume(webm, loudness);
    } finally {
      webm.destroy();
    }
  } finally {
    await fs.rm(outputPath, { force: true });
  }
}

/**
 * Measures the loudness of the first audio stream of a file (media/loudness.ts), for a song whose
 * renditions were all made before loudness was measured. Throws when ffmpeg fails.
 */
export async function measureLoudness(ffmpeg: string, inputPath: string, signal?: AbortSignal): Promise<LoudnessMeasurement> {
  const args = ['-hide_banner', '-nostdin', ...METER_LOG, '-i', inputPath, '-map', '0:a:0', '-af', LOUDNESS_FILTER, '-f', 'null', '-'];
  const { code, stderr } = await runToExit(ffmpeg, args, signal);
  if (code !== 0) throw new Error(`ffmpeg could not measure the loudness (exit ${code}): ${stderr}`);
  return parseLoudnessSummary(stderr);
}

/** Runs ffmpeg, writing nothing to stdout, to its end: its exit code and the tail of what it said. */
async function runToExit(ffmpeg: string, args: string[], signal: AbortSignal | undefined): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
  lowerPriority(child);
  const stderr = collectTail(child.stderr);
  const code = await exitOf(child, ffmpeg, signal);
  return { code, stderr: stderr().trim() };
}

function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, FFMPEG_NICENESS);
  } catch {
    // Only a courtesy: it fails when ffmpeg has already exited, whose exit code then tells why.
  }
}

/** Resolves with the exit code; rejects when ffmpeg cannot start or the signal stopped it. */
function exitOf(child: ChildProcess, ffmpeg: string, signal: AbortSignal | undefined): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      if (signal?.aborted) reject(signal.reason);
      else reject(new Error(`failed to start ffmpeg (${ffmpeg}): ${error.message}`));
    });
    child.once('close', (code) => {
      if (signal?.aborted) reject(signal.reason);
      else resolve(code);
    });
  });
}

function collectTail(stream: Readable | null): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text = (text + chunk).slice(-STDERR_TAIL_CHARS);
  });
  return () => text;
}
