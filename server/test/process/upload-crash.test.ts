import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Release } from '@kora/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../src/media/ffmpeg.js';
import { createLocalStorage } from '../../src/media/local-storage.js';
import { killAll, postJson, type ServerProcess, signupBody, spawnServer, waitUntilHealthy } from '../helpers/server-process.js';

const run = promisify(execFile);
const BOUNDARY = 'kora-crash-boundary';
const running: ServerProcess[] = [];
const dirs: string[] = [];
let wav: Buffer;

beforeAll(async () => {
  // Ten seconds of 44.1 kHz stereo PCM: 1.7 MB, enough to be caught in the middle.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-crash-audio-'));
  dirs.push(dir);
  const file = path.join(dir, 'tone.wav');
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('these tests need ffmpeg');
  await run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=10', '-ac', '2', '-ar', '44100', file]);
  wav = await fs.readFile(file);
}, 60_000);

afterEach(async () => {
  await killAll(running);
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function start(DATA_DIR: string): Promise<ServerProcess> {
  // No grace: every orphan the crash left is old enough to go at the next start.
  const server = await spawnServer({ DATA_DIR, ORPHAN_GRACE_MINUTES: '0', JOBS_ENABLED: 'false' });
  running.push(server);
  await waitUntilHealthy(server);
  return server;
}

function multipartHead(fields: Record<string, string>, fileName: string): Buffer {
  const text = Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return Buffer.from(
    `${text}--${BOUNDARY}\r\nContent-Disposition: form-data; name="audioFile"; filename="${fileName}"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
}

/** Starts an upload and sends only the start of its audio, leaving the request open. */
function startUpload(url: string, cookie: string, bytes: Buffer): http.ClientRequest {
  const request = http.request(`${url}/api/upload`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
  });
  request.on('error', () => {});
  request.write(multipartHead({ title: 'Half A Song', artist: 'Crash Test' }, 'half.wav'));
  request.write(bytes);
  return request;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function releasesOf(url: string, cookie: string): Promise<Release[]> {
  const response = await fetch(`${url}/api/releases`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Release[];
}

describe.runIf(process.env.KORA_TEST_DB !== 'postgres')('an upload cut off by kill -9', () => {
  it('leaves no rows, and the next start removes its staged file and any stored object no row took', async () => {
    const DATA_DIR = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-upload-crash-'));
    dirs.push(DATA_DIR);
    const media = path.join(DATA_DIR, 'media');
    let server = await start(DATA_DIR);
    const signup = await postJson(`${server.url}/api/auth/signup`, signupBody('crash@example.com'));
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;

    // One upload completes before the crash: it must survive it.
    const form = new FormData();
    form.set('title', 'Whole Song');
    form.set('artist', 'Crash Test');
    form.set('audioFile', new Blob([wav], { type: 'audio/wav' }), 'whole.wav');
    const whole = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
    expect(whole.status).toBe(201);
    const kept = await filesUnder(media);
    expect(kept).toHaveLength(1);

    // The second is cut off by kill -9 while its audio is being written.
    startUpload(server.url, cookie, wav.subarray(0, 1024 * 1024));
    await expect.poll(async () => (await filesUnder(media)).length, { timeout: 10_000 }).toBe(2);
    server.child.kill('SIGKILL');
    await server.exited;
    // And as if a crash had come between storing a file and committing its rows.
    const uncommitted = await createLocalStorage(media).put(wav.subarray(0, 200_000), { extension: 'wav', contentType: 'audio/wav' });

    server = await start(DATA_DIR);
    await expect.poll(() => filesUnder(media), { timeout: 15_000 }).toEqual(kept);
    expect(kept).not.toContain(uncommitted.key);
    const releases = await releasesOf(server.url, cookie);
    expect(releases.map((release) => release.title)).toEqual(['Whole Song']);
    expect((await fs.readFile(path.join(media, kept[0]!))).equals(wav)).toBe(true);
  }, 90_000);
});
