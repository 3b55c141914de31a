import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { signUp } from '../helpers/factories.js';
import { buildPng, multipartBody, type FormEntry } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Over real sockets, with short bounds so the cases are quick: a body that stops coming and a head
// that never ends are cut; a body that keeps coming slowly, and a response read slowly, are not.
const BODY_IDLE_MS = 1000;
const HEADERS_MS = 1000;

let t: TestApp;
let cookie: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ timeouts: { headersMs: HEADERS_MS, keepAliveMs: 5000, bodyIdleMs: BODY_IDLE_MS, requestMs: 120_000 } });
  ({ cookie } = await signUp(t.app));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
}, 60_000);
afterAll(() => t.close());

/** Staged uploads: under the media folder for local storage, DATA_DIR/tmp for S3 (media/open-storage.ts). */
async function stagedFiles(): Promise<string[]> {
  const dirs = [path.join(t.config.dataDir, 'media', 'tmp'), path.join(t.config.dataDir, 'tmp')];
  const names = await Promise.all(dirs.map((dir) => fs.readdir(dir).catch(() => [] as string[])));
  return names.flat().filter((name) => name.endsWith('.part'));
}

type OpenRequest = { socket: net.Socket; closed: Promise<string> };

/** A raw connection that sends `bytes` and no more; `closed` resolves with what the server sent once it closes. */
async function sendAndHold(bytes: Buffer | string): Promise<OpenRequest> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => {});
  socket.write(bytes);
  return { socket, closed };
}

function head(method: string, url: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ host: `127.0.0.1:${port}`, cookie, ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

async function form(entries: [string, FormEntry][]) {
  const { payload, headers } = await multipartBody(entries);
  return { payload, head: (url: string) => head('POST', url, { ...headers, 'content-length': payload.length }) };
}

describe('a request body that stops coming', () => {
  it('cuts a library upload mid-file and removes its staged file', async () => {
    const audio = await buildTestAudio('wav', { seconds: 4 });
    const upload = await form([['title', 'Stalled'], ['artist', 'Timeout Tester'], ['audioFile', { data: audio, filename: 'song.wav', type: 'audio/wav' }]]);
    const { socket, closed } = await sendAndHold(Buffer.concat([Buffer.from(upload.head('/api/upload')), upload.payload.subarray(0, upload.payload.length / 2)]));
    try {
      // Past the sniffed head, the audio is being written to a staged file when the client stops.
      await vi.waitFor(async () => expect(await stagedFiles()).toHaveLength(1), { timeout: 10_000, interval: 50 });
      await closed;
      await vi.waitFor(async () => expect(await stagedFiles()).toEqual([]), { timeout: 10_000, interval: 50 });
      expect((await t.app.inject({ method: 'GET', url: '/api/releases', headers: { cookie } })).json()).toEqual([]);
    } finally {
      socket.destroy();
    }
  });

  it('cuts a release upload, a playlist cover and a JSON body alike', async () => {
    const track = await form([['releaseType', 'single'], ['artist', 'Timeout Tester'], ['tracks[0][audioFile]', { data: await buildTestAudio('wav', { seconds: 4 }), filename: 'a.wav' }]]);
    const cover = await form([['name', 'Stalled'], ['coverFile', { data: await buildPng('#123456', 512), filename: 'cover.png' }]]);
    const json = Buffer.from(JSON.stringify({ name: 'A playlist whose body never ends', description: 'x'.repeat(200) }));
    const stalled = [
      Buffer.concat([Buffer.from(track.head('/api/upload-music')), track.payload.subarray(0, track.payload.length / 2)]),
      Buffer.concat([Buffer.from(cover.head('/api/playlists')), cover.payload.subarray(0, cover.payload.length / 2)]),
      Buffer.concat([Buffer.from(head('POST', '/api/playlists', { 'content-type': 'application/json', 'content-length': json.length })), json.subarray(0, 20)]),
    ];
    const requests = await Promise.all(stalled.map((bytes) => sendAndHold(bytes)));
    try {
      await Promise.all(requests.map((request) => request.closed));
      await vi.waitFor(async () => expect(await stagedFiles()).toEqual([]), { timeout: 10_000, interval: 50 });
    } finally {
      for (const request of requests) request.socket.destroy();
    }
  });

  it('lets a slow upload through while each piece comes within the bound', async () => {
    const audio = await buildTestAudio('wav', { seconds: 3, seed: 77 });
    const upload = await form([['title', 'Slow But Steady'], ['artist', 'Timeout Tester'], ['audioFile', { data: audio, filename: 'slow.wav', type: 'audio/wav' }]]);
    // Connection: close, so the server closes once it has answered.
    const { socket, closed } = await sendAndHold(upload.head('/api/upload').replace('\r\n\r\n', '\r\nconnection: close\r\n\r\n'));
    // Ten pieces, 300 ms apart: the whole body takes three bodyIdleMs.
    const pieces = 10;
    const size = Math.ceil(upload.payload.length / pieces);
    for (let index = 0; index < pieces; index++) {
      await sleep(300);
      socket.write(upload.payload.subarray(index * size, (index + 1) * size));
    }
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('Slow But Steady');
  }, 30_000);
});

it('gives the server the configured bounds, and no idle timeout on its sockets', () => {
  expect(t.app.server).toMatchObject({ headersTimeout: HEADERS_MS, keepAliveTimeout: 5000, requestTimeout: 120_000, timeout: 0 });
});

describe('a request head that never ends', () => {
  it('is answered 408 and its connection closed', async () => {
    const { closed } = await sendAndHold(`GET /api/health HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-never: end`);
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('a response read slowly', () => {
  it('is not cut while the client is paused for longer than every bound but the whole request', async () => {
    const artistId = (await buildArtist(t.database.db)).id;
    // Larger than the socket buffers on both ends, so the server waits on a full window.
    const stored = await storeTestBytes(t.storage, 8 * 1024 * 1024);
    const song = await buildSong(t.database.db, { artistId, duration: 600, fileKey: stored.key });
    const received = await new Promise<Buffer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: `/api/songs/${song.id}/stream`, headers: { cookie } }, (response) => {
          const chunks: Buffer[] = [];
          response.pause();
          setTimeout(() => {
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            // 'close' rather than 'end': a cut response resolves with what came, and fails the comparison.
            response.on('close', () => resolve(Buffer.concat(chunks)));
            response.resume();
          }, 3 * Math.max(BODY_IDLE_MS, HEADERS_MS));
        })
        .on('error', reject);
    });
    expect(received.equals(stored.bytes)).toBe(true);
  });
});
