import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../src/db/client.js';
import { releases } from '../../src/db/schema.js';
import { synthesizeTrack } from '../../src/media/audio-synth.js';
import { encodePcmToMp3, findFfmpeg } from '../../src/media/ffmpeg.js';
import { type SongLoudness, songLoudness } from '../../src/media/loudness.js';
import { measureLoudness } from '../../src/media/transcode.js';

let seeds = 500;

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-release-fixture-'));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Synthesized music as a constant-bitrate MP3 at 44.1 kHz (storeTestMp3's 22.05 kHz caps MP3 at
 * 160 kbps, and a premium rendition needs a source of 256 kbps or more).
 */
export function encodeMp3({ seconds = 2, bitrateKbps = 320, seed = ++seeds } = {}): Promise<Buffer> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'song.mp3');
    const pcm = synthesizeTrack({ seed, genre: 'Highlife', durationSeconds: seconds, sampleRate: 44_100 });
    await encodePcmToMp3(pcm, { sampleRate: 44_100, channels: 1, bitrateKbps }, file);
    return fs.readFile(file);
  });
}

/** The MP3 with a picture embedded in its ID3 tag, as tagging software writes cover art. */
export function embedPicture(mp3: Buffer, picture: Buffer): Promise<Buffer> {
  return inTempDir(async (dir) => {
    await fs.writeFile(path.join(dir, 'in.mp3'), mp3);
    await fs.writeFile(path.join(dir, 'cover.png'), picture);
    const out = path.join(dir, 'out.mp3');
    await runFfmpeg([
      '-i', path.join(dir, 'in.mp3'), '-i', path.join(dir, 'cover.png'),
      '-map', '0:a', '-map', '1', '-c', 'copy', '-id3v2_version', '3',
      '-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)', out,
    ]);
    return fs.readFile(out);
  });
}

export function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } }).png().toBuffer();
}

/** Overwrites a stretch in the middle with noise: the header still reads well, the audio does not decode. */
export function damageMiddle(audio: Buffer): Buffer {
  const damaged = Buffer.from(audio);
  let state = 7;
  for (let i = Math.floor(audio.length * 0.4); i < Math.floor(audio.length * 0.6); i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    damaged[i] = state & 0xff;
  }
  return damaged;
}

export async function buildRelease(db: Db, values: Pick<typeof releases.$inferInsert, 'userId' | 'artistId'> & Partial<typeof releases.$inferInsert>) {
  const [row] = await db
    .insert(releases)
    .values({ releaseType: 'single', title: `Release ${++seeds}`, ...values })
    .returning();
  return row!;
}

async function runFfmpeg(args: string[]): Promise<void> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('ffmpeg is needed for this fixture');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-v', 'error', '-nostdin', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr}`))));
  });
}

/** A long stereo 44.1 kHz MP3 of two tones, made quickly by ffmpeg itself: transcoding it takes seconds. */
export function encodeLongMp3({ seconds, bitrateKbps = 320 }: { seconds: number; bitrateKbps?: number }): Promise<Buffer> {
  return inTempDir(async (dir) => {
    const out = path.join(dir, 'long.mp3');
    await runFfmpeg([
      '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
      '-filter_complex', 'amerge=inputs=2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', `${bitrateKbps}k`, out,
    ]);
    return fs.readFile(out);
  });
}

/** Digital silence as an MP3: a song the loudness meter finds nothing in. */
export function encodeSilentMp3(seconds: number): Promise<Buffer> {
  return inTempDir(async (dir) => {
    const out = path.join(dir, 'silence.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '128k', out]);
    return fs.readFile(out);
  });
}

/** The loudness columns a job stores for this audio, from a measuring pass of its own. */
export function measuredLoudness(audio: Buffer): Promise<SongLoudness> {
  return inTempDir(async (dir) => {
    const ffmpeg = await findFfmpeg();
    if (!ffmpeg) throw new Error('ffmpeg is needed for this fixture');
    const file = path.join(dir, 'song.mp3');
    await fs.writeFile(file, audio);
    return songLoudness(await measureLoudness(ffmpeg, file));
  });
}
