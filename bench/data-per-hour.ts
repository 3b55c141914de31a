// Budgets (issue 16): the data one hour of listening costs through the stream endpoint, measured by
// playing the demo catalogue end to end at each setting: extreme saver at most 12 MB an hour, data
// saver at most 23 MB (it was 29 MB as 64 kbps MP3); and making a 4-minute song's renditions, the
// Opus ones and the loudness measurement included, under twice what its MP3 renditions alone took.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { synthesizeTrack } from '../server/src/media/audio-synth.js';
import { encodePcmToMp3, findFfmpeg } from '../server/src/media/ffmpeg.js';
import { transcodeToMp3, transcodeToOpus } from '../server/src/media/transcode.js';
import { signUpBenchUser } from './lib/load.js';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';

const BUDGET_MB_PER_HOUR = { 'extreme-saver': 12, 'data-saver': 23 } as const;
const BUDGET_TRANSCODE_RATIO = 2;
const TRANSCODE_ROUNDS = 3;

/** Each setting as the player asks for it (web/src/player/stream-url.ts), in a browser that plays Opus or not. */
const SETTINGS = [
  ['extreme-saver', '?quality=extreme-saver&codecs=opus'],
  ['data-saver', '?quality=data-saver&codecs=opus'],
  ['data saver, no Opus', '?quality=data-saver'],
  ['low', '?quality=low'],
  ['medium', '?quality=medium'],
  ['auto (Free)', '?quality=auto'],
] as const;

async function dataPerHour(): Promise<boolean> {
  console.log('Starting Kora with the demo catalogue, answering once its renditions are made (about two minutes)...');
  const kora = await startKora({ DATA_DIR: tempDataDir(), SEED: 'demo', AUTH_RATE_LIMIT_MAX: '1000', LISTEN_AFTER_BACKFILL: 'true' });
  let pass = true;
  try {
    const cookie = await signUpBenchUser(kora.url, `data-${Date.now()}@example.com`);
    const songs = (await (await fetch(`${kora.url}/api/songs?limit=200`, { headers: { cookie } })).json()) as { id: number; duration: number }[];
    const seconds = songs.reduce((sum, song) => sum + song.duration, 0);
    console.log(`${songs.length} songs, ${(seconds / 60).toFixed(1)} minutes of music, each fetched whole at each setting`);
    for (const [setting, query] of SETTINGS) {
      let bytes = 0;
      const types = new Set<string>();
      for (const song of songs) {
        const response = await fetch(`${kora.url}/api/songs/${song.id}/stream${query}`, { headers: { cookie } });
        if (response.status !== 200) throw new Error(`song ${song.id} at ${setting}: ${response.status}`);
        bytes += (await response.arrayBuffer()).byteLength;
        types.add(response.headers.get('content-type') ?? '?');
      }
      const mbPerHour = ((bytes / seconds) * 3600) / 1e6;
      const budget = BUDGET_MB_PER_HOUR[setting as keyof typeof BUDGET_MB_PER_HOUR];
      const verdict = budget === undefined ? '' : ` (budget ${budget} MB) ${mbPerHour <= budget ? 'PASS' : 'FAIL'}`;
      if (budget !== undefined && mbPerHour > budget) pass = false;
      console.log(`${setting.padEnd(20)} ${mbPerHour.toFixed(1).padStart(5)} MB per hour, ${[...types].join(', ')}${verdict}`);
    }
  } finally {
    await stop(kora.child);
  }
  return pass;
}

/** Seconds to encode `file` into each rendition, one after another as the job does, which measures the loudness in the first Opus one. */
async function timeRenditions(ffmpeg: string, file: string, renditions: readonly (readonly ['mp3' | 'opus', number])[]): Promise<number> {
  const drain = async (stream: AsyncIterable<unknown>) => {
    for await (const chunk of stream) void chunk;
  };
  const firstOpus = renditions.findIndex(([codec]) => codec === 'opus');
  const started = performance.now();
  for (const [index, [codec, bitrateKbps]] of renditions.entries()) {
    if (codec === 'mp3') await transcodeToMp3(ffmpeg, file, { bitrateKbps }, drain);
    else await transcodeToOpus(ffmpeg, file, { bitrateKbps, measureLoudness: index === firstOpus }, drain);
  }
  return (performance.now() - started) / 1000;
}

async function transcodeTime(): Promise<boolean> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('ffmpeg is missing: apt-get install -y ffmpeg');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-renditions-bench-'));
  try {
    // A 4-minute song as an uploader sends it: 320 kbps MP3 (so a premium rendition is made too).
    const file = path.join(dir, 'song.mp3');
    const pcm = synthesizeTrack({ seed: 7, genre: 'Afrobeats', durationSeconds: 240, sampleRate: 44_100 });
    await encodePcmToMp3(pcm, { sampleRate: 44_100, channels: 1, bitrateKbps: 320 }, file);
    const mp3Only = [['mp3', 64], ['mp3', 128], ['mp3', 320]] as const;
    const all = [...mp3Only, ['opus', 24], ['opus', 48]] as const;
    // The fastest of a few rounds, each taking both turns: ffmpeg runs at the lowest priority, so
    // whatever else the machine does lands on one side or the other, and only ever adds time.
    let [before, after] = [Infinity, Infinity];
    for (let round = 0; round < TRANSCODE_ROUNDS; round++) {
      before = Math.min(before, await timeRenditions(ffmpeg, file, mp3Only));
      after = Math.min(after, await timeRenditions(ffmpeg, file, all));
    }
    const ratio = after / before;
    console.log(
      `a 4-minute song: MP3 renditions ${before.toFixed(1)} s, with the Opus ones and the loudness ${after.toFixed(1)} s, ${ratio.toFixed(2)}x (budget < ${BUDGET_TRANSCODE_RATIO}x) ${ratio < BUDGET_TRANSCODE_RATIO ? 'PASS' : 'FAIL'}`,
    );
    return ratio < BUDGET_TRANSCODE_RATIO;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const transcodeOk = await transcodeTime();
const dataOk = await dataPerHour();
if (!transcodeOk || !dataOk) process.exitCode = 1;
