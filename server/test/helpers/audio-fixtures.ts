import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { synthesizeTrack } from '../../src/media/audio-synth.js';
import { findFfmpeg } from '../../src/media/ffmpeg.js';

/** The accepted formats ('opus' is Opus in Ogg), and MPEG layer II and an MP4 video, which must be refused. */
export const TEST_AUDIO_FORMATS = ['mp3', 'wav', 'flac', 'aac', 'ogg', 'opus', 'm4a', 'mp2', 'mp4-video'] as const;
export type TestAudioFormat = (typeof TEST_AUDIO_FORMATS)[number];

const SAMPLE_RATE = 22_050;

/** ffmpeg output options and file name per format ('aac' is raw ADTS); `inputs` are added before the music. */
const ENCODINGS: Record<TestAudioFormat, { file: string; args: string[]; inputs?: string[] }> = {
  mp3: { file: 'audio.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'] },
  wav: { file: 'audio.wav', args: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
  flac: { file: 'audio.flac', args: ['-c:a', 'flac', '-f', 'flac'] },
  aac: { file: 'audio.aac', args: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'] },
  ogg: { file: 'audio.ogg', args: ['-c:a', 'libvorbis', '-q:a', '2', '-f', 'ogg'] },
  opus: { file: 'audio.opus', args: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'] },
  m4a: { file: 'audio.m4a', args: ['-c:a', 'aac', '-b:a', '64k', '-f', 'ipod'] },
  mp2: { file: 'audio.mp2', args: ['-c:a', 'mp2', '-b:a', '64k', '-f', 'mp2'] },
  'mp4-video': {
    file: 'video.mp4',
    inputs: ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10'],
    args: ['-map', '0:v', '-map', '1:a', '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', '-b:a', '64k', '-f', 'mp4'],
  },
};

export type TestAudioOptions = {
  seconds?: number;
  /** Different seeds give different music, so different bytes and stored keys. */
  seed?: number;
  tags?: { title?: string; artist?: string; album?: string };
  /** A PNG embedded as the cover art (MP3 and M4A). */
  picture?: Buffer;
};

let seeds = 0;
const cache = new Map<string, Promise<Buffer>>();

/**
 * A real, decodable audio file of synthesized music, encoded by ffmpeg the way an uploader's
 * software would write it. Equal options give the same bytes (memoized per test file).
 */
export function buildTestAudio(format: TestAudioFormat, options: TestAudioOptions = {}): Promise<Buffer> {
  const resolved = { seconds: options.seconds ?? 2, seed: options.seed ?? ++seeds + 1000, tags: options.tags ?? {}, picture: options.picture };
  const cacheKey = JSON.stringify([format, { ...resolved, picture: resolved.picture?.toString('base64') }]);
  let audio = cache.get(cacheKey);
  if (!audio) {
    audio = encode(format, resolved);
    cache.set(cacheKey, audio);
  }
  return audio;
}

async function encode(format: TestAudioFormat, { seconds, seed, tags, picture }: Required<Omit<TestAudioOptions, 'picture'>> & Pick<TestAudioOptions, 'picture'>): Promise<Buffer> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('ffmpeg is needed to generate test audio');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-test-audio-'));
  const { file, args, inputs = [] } = ENCODINGS[format];
  const out = path.join(dir, file);
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  try {
    const pcm = synthesizeTrack({ seed, genre: 'Afrobeats', durationSeconds: seconds, sampleRate: SAMPLE_RATE });
    const music = ['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0'];
    let art: string[] = [];
    if (picture) {
      await fs.writeFile(path.join(dir, 'cover.png'), picture);
      art = ['-i', path.join(dir, 'cover.png'), '-map', '0:a', '-map', '1:v', '-c:v', 'copy', '-disposition:v', 'attached_pic'];
    }
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...music, ...art, ...args, ...metadata, out], Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], input: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${stderr.trim()}`))));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
