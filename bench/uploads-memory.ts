// Budget: 10 concurrent POST /api/upload of 50 MB audio files (WAV) raise the built server's peak
// memory (RSS) by less than 100 MB over its baseline after a warm-up upload, and all 10 answer
// 201 (`npm run build` first). MB = MiB, as the server's upload limits count them.
// The budget is measured with jobs off (JOBS_ENABLED=false), so transcoding does not mix into the
// figure; a second pass with jobs on is printed for information: the same uploads while finished
// ones are already processed, then the processing itself (ffmpeg runs as separate processes,
// shown apart). Peak = the highest VmRSS sampled every 50 ms or VmHWM (reset at the baseline),
// whichever is higher.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Release } from '@kora/contracts';
import { findFfmpeg } from '../server/src/media/ffmpeg.js';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { signUpBenchUser } from './lib/load.js';
import { MIB, memoryOf, resetPeak, sampleMemory } from './lib/process-memory.js';

const UPLOADS = 10;
const FILE_MIB = 50;
const BUDGET_GROWTH_MIB = 100;
const SAMPLE_MS = 50;
const SETTLE_MS = 1000;
const PROCESSING_TIMEOUT_MS = 15 * 60_000;
// 44.1 kHz, stereo, 16-bit PCM.
const WAV_BYTES_PER_SECOND = 44_100 * 2 * 2;

type Upload = { status: number; ms: number; message: string };
type PassResult = { baseline: number; peak: number; results: Upload[] };

const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A WAV tone of the given length; each frequency gives different bytes, so no upload shares another's stored file. */
function generateWav(ffmpeg: string, file: string, seconds: number, frequency: number): void {
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`];
  const result = spawnSync(ffmpeg, [...args, '-ac', '2', '-c:a', 'pcm_s16le', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.toString()}`);
}

/**
 * POST /api/upload with the file streamed from disk between a hand-written multipart preamble and
 * its closing boundary, so the bench never holds a whole file (and its own memory stays out of the way).
 */
async function upload(baseUrl: string, cookie: string, file: string, title: string): Promise<Upload> {
  const boundary = `kora-bench-${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const preamble = Buffer.from(
    field('title', title) +
      field('artist', 'Bench Uploader') +
      `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="${path.basename(file)}"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  const request = http.request(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': preamble.length + statSync(file).size + closing.length,
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  // A refusal may close the connection before the whole body is sent: the answer says why.
  pipeline(
    async function* () {
      yield preamble;
      yield* createReadStream(file);
      yield closing;
    },
    request,
  ).catch(() => {});
  const response = await answered;
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const ms = performance.now() - started;
  const body = Buffer.concat(chunks).toString();
  let message = body;
  try {
    message = (JSON.parse(body) as { message?: string }).message ?? body;
  } catch {
    // Not JSON: the raw body says what went wrong.
  }
  return { status: response.statusCode ?? 0, ms, message };
}

async function releasesOf(baseUrl: string, cookie: string): Promise<Release[]> {
  const response = await fetch(`${baseUrl}/api/releases?limit=50`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/releases: ${response.status} ${await response.text()}`);
  return (await response.json()) as Release[];
}

async function waitUntilProcessed(baseUrl: string, cookie: string): Promise<Release[]> {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const releases = await releasesOf(baseUrl, cookie);
    if (releases.every((release) => release.status !== 'processing')) return releases;
    if (Date.now() > deadline) throw new Error('releases still processing after the timeout');
    await sleep(500);
  }
}

function printUploads(results: readonly Upload[]): void {
  results.forEach((result, i) =>
    console.log(`  upload ${String(i + 1).padStart(2)}: ${result.status} in ${(result.ms / 1000).toFixed(2)} s${result.status === 201 ? '' : ` (${result.message})`}`),
  );
}

async function runPass(jobsEnabled: boolean, files: readonly string[], warmUpFile: string): Promise<PassResult> {
  const dataDir = tempDataDir();
  const server = await startKora({
    SEED: 'none',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: String(jobsEnabled),
    UPLOAD_MAX_AUDIO_MB: String(FILE_MIB * 2),
  });
  try {
    const pid = server.child.pid!;
    const cookie = await signUpBenchUser(server.url, `uploads-${jobsEnabled ? 'jobs' : 'no-jobs'}@example.com`);
    // Loads the multipart, probing, storage and database code (and, with jobs on, the job's) before the baseline.
    const warmUp = await upload(server.url, cookie, warmUpFile, 'Warm-up');
    if (warmUp.status !== 201) throw new Error(`warm-up upload: ${warmUp.status} ${warmUp.message}`);
    if (jobsEnabled) await waitUntilProcessed(server.url, cookie);
    await sleep(SETTLE_MS);
    const baseline = memoryOf(pid)!.rss;
    const exactPeak = resetPeak(pid);
    const sampler = sampleMemory(pid, SAMPLE_MS);
    const started = performance.now();
    const results = await Promise.all(files.map((file, i) => upload(server.url, cookie, file, `Bench upload ${i + 1}`)));
    const wallMs = performance.now() - started;
    sampler.stop();
    const peak = Math.max(sampler.peakRss(), exactPeak ? memoryOf(pid)!.hwm : 0);
    console.log(`\nJOBS_ENABLED=${jobsEnabled}: ${UPLOADS} concurrent uploads of ${FILE_MIB} MB in ${(wallMs / 1000).toFixed(1)} s`);
    console.log(`  server RSS: baseline ${mib(baseline)}, peak ${mib(peak)}, growth ${mib(peak - baseline)}${exactPeak ? '' : ' (VmHWM could not be reset: sampled peak only)'}`);
    printUploads(results);

    if (jobsEnabled) {
      if (exactPeak) resetPeak(pid);
      const processing = sampleMemory(pid, SAMPLE_MS);
      const processingStarted = performance.now();
      const releases = await waitUntilProcessed(server.url, cookie);
      processing.stop();
      const processingPeak = Math.max(processing.peakRss(), exactPeak ? memoryOf(pid)!.hwm : 0);
      const counts = new Map<string, number>();
      for (const release of releases) counts.set(release.status, (counts.get(release.status) ?? 0) + 1);
      console.log(`  processing after the uploads: ${((performance.now() - processingStarted) / 1000).toFixed(1)} s, releases ${[...counts].map(([status, count]) => `${count} ${status}`).join(', ')}`);
      console.log(
        `  server RSS while processing: peak ${mib(processingPeak)}, growth ${mib(processingPeak - baseline)}; ffmpeg processes at once: peak ${mib(processing.peakChildrenRss())} in all`,
      );
    }
    return { baseline, peak, results };
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ffmpeg = await findFfmpeg();
if (!ffmpeg) throw new Error('ffmpeg is needed to generate the audio files (install it or set FFMPEG_PATH)');
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'kora-bench-uploads-'));
try {
  const seconds = (FILE_MIB * MIB) / WAV_BYTES_PER_SECOND;
  const files = Array.from({ length: UPLOADS }, (_, i) => path.join(filesDir, `upload-${i + 1}.wav`));
  files.forEach((file, i) => generateWav(ffmpeg, file, seconds, 220 + 40 * i));
  const warmUpFile = path.join(filesDir, 'warm-up.wav');
  generateWav(ffmpeg, warmUpFile, 2, 880);
  console.log(`${UPLOADS} WAV files of ${mib(statSync(files[0]!).size)} (${seconds.toFixed(0)} s of 44.1 kHz stereo 16-bit each)`);

  const budget = await runPass(false, files, warmUpFile);
  const growth = budget.peak - budget.baseline;
  const failed = budget.results.filter((result) => result.status !== 201).length;
  const passed = growth < BUDGET_GROWTH_MIB * MIB && failed === 0;
  console.log(
    `\nuploads-memory: ${passed ? 'PASS' : 'FAIL'} (growth ${mib(growth)}, budget < ${BUDGET_GROWTH_MIB} MB; ${UPLOADS - failed} of ${UPLOADS} answered 201)`,
  );
  if (!passed) process.exitCode = 1;

  console.log('\nFor information, not the budget: the same with jobs on (transcoding while uploads finish).');
  await runPass(true, files, warmUpFile);
} finally {
  rmSync(filesDir, { recursive: true, force: true });
}
