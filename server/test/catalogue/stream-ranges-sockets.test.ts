import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Over real sockets: range answers are read into blocks used again once a response has closed
// (features/media/read-buffer-pool.ts). A block handed on too early would send one listener the
// bytes of another's range, so the listeners here read slowly, and some hang up half way.
const RANGE = 256 * 1024;

let t: TestApp;
let cookie: string;
let port: number;
let songs: { id: number; bytes: Buffer }[];

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  const artistId = (await buildArtist(t.database.db)).id;
  songs = [];
  for (let index = 0; index < 4; index++) {
    // 1.5 MB over 180 s is 67 kbps: within the free plan, so the original is streamed.
    const stored = await storeTestBytes(t.storage, 1_500_000 + index * 1000);
    const song = await buildSong(t.database.db, { artistId, fileKey: stored.key, fileSize: stored.size });
    songs.push({ id: song.id, bytes: stored.bytes });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
}, 60_000);
afterAll(() => t.close());

type Outcome = { kind: 'read'; body: Buffer; expected: Buffer; status?: number } | { kind: 'left' };

function askRange(agent: http.Agent, song: { id: number; bytes: Buffer }, start: number, length: number, leave: boolean): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, agent, path: `/api/songs/${song.id}/stream`, headers: { cookie, range: `bytes=${start}-${start + length - 1}` } },
      (response) => {
        const chunks: Buffer[] = [];
        // A slow listener: the answer waits in the socket while other answers are made.
        response.pause();
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (leave) {
            request.destroy();
            resolve({ kind: 'left' });
          }
        });
        response.on('end', () =>
          resolve({ kind: 'read', status: response.statusCode, body: Buffer.concat(chunks), expected: song.bytes.subarray(start, start + length) }),
        );
        setTimeout(() => response.resume(), 50 + Math.random() * 100);
      },
    );
    request.on('error', (error) => (leave ? resolve({ kind: 'left' }) : reject(error)));
  });
}

/** Splits what a connection received into its HTTP responses' status codes and bodies (Content-Length framed). */
function splitResponses(received: Buffer): { status: number; body: Buffer }[] {
  const responses = [];
  let offset = 0;
  while (offset < received.length) {
    const headEnd = received.indexOf('\r\n\r\n', offset);
    if (headEnd < 0) throw new Error(`An unfinished response head at byte ${offset}`);
    const head = received.subarray(offset, headEnd).toString('latin1');
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    responses.push({ status: Number(head.split(' ')[1]), body: received.subarray(headEnd + 4, headEnd + 4 + length) });
    offset = headEnd + 4 + length;
  }
  return responses;
}

/**
 * Many ranges asked at once on one connection (pipelined), read only after a pause: the answers
 * fill the socket, so the last ones wait in Node, in their blocks, while other listeners are answered.
 */
async function askPipelined(song: { id: number; bytes: Buffer }, starts: number[]): Promise<{ status: number; body: Buffer; expected: Buffer }[]> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.pause();
  const heads = starts.map((start, index) =>
    [
      `GET /api/songs/${song.id}/stream HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      `cookie: ${cookie}`,
      `range: bytes=${start}-${start + RANGE - 1}`,
      ...(index === starts.length - 1 ? ['connection: close'] : []),
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(heads.join(''));
  await sleep(400);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.resume();
  await new Promise((resolve) => socket.once('close', resolve));
  return splitResponses(Buffer.concat(chunks)).map((response, index) => ({
    ...response,
    expected: song.bytes.subarray(starts[index]!, starts[index]! + RANGE),
  }));
}

describe('range answers over sockets', () => {
  it('send every listener the bytes of their own range, with many at once, slow readers, some who hang up and some who ask for many at once', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });
    try {
      const asks = Array.from({ length: 240 }, (_, index) => {
        const song = songs[index % songs.length]!;
        const length = index % 5 === 0 ? 1 + Math.floor(Math.random() * RANGE) : RANGE;
        const start = Math.floor(Math.random() * (song.bytes.length - length));
        return askRange(agent, song, start, length, index % 7 === 3);
      });
      const pipelined = songs.map((song) =>
        askPipelined(
          song,
          Array.from({ length: 16 }, () => Math.floor(Math.random() * (song.bytes.length - RANGE))),
        ),
      );
      const outcomes = await Promise.all(asks);
      const read = [...outcomes.filter((outcome) => outcome.kind === 'read'), ...(await Promise.all(pipelined)).flat()];
      expect(read.length).toBeGreaterThan(200 + 4 * 16);
      for (const outcome of read) {
        expect(outcome.status).toBe(206);
        expect(outcome.body.length).toBe(outcome.expected.length);
        expect(outcome.body.equals(outcome.expected)).toBe(true);
      }
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
