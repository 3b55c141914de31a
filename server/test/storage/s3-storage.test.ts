import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/media/s3-storage.js';
import { keyFor, type MediaStorage } from '../../src/media/storage.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { TEST_PART_SIZE_BYTES } from './storage-subjects.js';

let server: TestS3Server;
let dir: string;
let storage: MediaStorage;
/** A client of its own, to look at the bucket the way another tool would. */
let bucket: S3Client;
let Bucket: string;

beforeAll(async () => {
  server = await startS3Server();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-s3-storage-'));
  storage = createS3Storage({ ...server.settings, stagingDir: path.join(dir, 'tmp'), partSizeBytes: TEST_PART_SIZE_BYTES });
  Bucket = server.settings.bucket;
  bucket = new S3Client({
    region: server.settings.region,
    endpoint: server.settings.endpoint,
    forcePathStyle: true,
    credentials: server.settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});
afterAll(async () => {
  bucket.destroy();
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function listKeys(): Promise<string[]> {
  const keys = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A proxy in front of the S3 server that answers the first PUT of each object or part with
 * `fail`'s status and error code instead of passing it on.
 */
async function startFailingProxy(fail: { status: number; code: string }) {
  const target = new URL(server.settings.endpoint as string);
  const refused = new Set<string>();
  const proxy = http.createServer((request, response) => {
    if (request.method === 'PUT' && !refused.has(request.url as string)) {
      refused.add(request.url as string);
      request.resume();
      request.on('end', () => {
        response.writeHead(fail.status, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${fail.code}</Code><Message>refused by the test</Message></Error>`);
      });
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    refused,
    close() {
      proxy.closeAllConnections();
      return new Promise((resolve) => proxy.close(resolve));
    },
  };
}

describe('S3 media storage', () => {
  it('stores objects with their content type, in one request and in parts', async () => {
    const small = await storage.put(randomBytes(1000), { extension: 'mp3', contentType: 'audio/mpeg' });
    const smallHead = await bucket.send(new HeadObjectCommand({ Bucket, Key: small.key }));
    expect(smallHead).toMatchObject({ ContentType: 'audio/mpeg', ContentLength: 1000 });

    const large = randomBytes(2 * TEST_PART_SIZE_BYTES + 1);
    const parted = await storage.put(large, { extension: 'flac', contentType: 'audio/flac' });
    const largeHead = await bucket.send(new HeadObjectCommand({ Bucket, Key: parted.key }));
    expect(largeHead).toMatchObject({ ContentType: 'audio/flac', ContentLength: large.length });
    expect((await readAll(parted.key)).equals(large)).toBe(true);
  });

  it('does not upload again an object the bucket already holds, but replaces a damaged one', async () => {
    const bytes = randomBytes(4000);
    const { key } = await storage.put(bytes, { extension: 'ogg', contentType: 'audio/ogg' });
    const first = await storage.stat(key);
    // S3 dates have whole seconds: a second upload would show a later one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await storage.put(bytes, { extension: 'ogg', contentType: 'audio/ogg' });
    expect(await storage.stat(key)).toEqual(first);

    await bucket.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes.subarray(0, 10) }));
    await storage.put(bytes, { extension: 'ogg', contentType: 'audio/ogg' });
    expect((await readAll(key)).equals(bytes)).toBe(true);
  });

  it('lists only media keys from a shared bucket, past the first page, and leaves no health probe behind', async () => {
    const foreign = ['notes/readme.txt', `ab/${'a'.repeat(10)}.mp3`, `${'b'.repeat(2)}/${'b'.repeat(64)}.toolong`];
    for (const Key of foreign) await bucket.send(new PutObjectCommand({ Bucket, Key, Body: 'not media' }));
    // ListObjectsV2 answers 1,000 keys a page.
    const keys = Array.from({ length: 1010 }, (_, i) => keyFor(createHash('sha256').update(`object ${i}`).digest('hex'), 'txt'));
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((Key) => bucket.send(new PutObjectCommand({ Bucket, Key, Body: 'x' }))));
    }
    await storage.check();

    const listed = await listKeys();
    expect(listed).toEqual(expect.arrayContaining(keys));
    for (const key of foreign) expect(listed).not.toContain(key);
    const everything = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await bucket.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      everything.push(...(page.Contents ?? []).map((object) => object.Key));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    expect(everything.filter((key) => key?.startsWith('kora-health/'))).toEqual([]);
  });

  it('refuses an answer that is not the range asked for, rather than send wrong bytes', async () => {
    const { key } = await storage.put(randomBytes(100), { extension: 'mp3', contentType: 'audio/mpeg' });
    // s3rver reads `bytes=0-0` as "from 0 to the end" and answers all 100 bytes.
    await expect(storage.readRange(key, { start: 0, end: 0 })).rejects.toThrow(`S3 answered bytes 0-0 of ${key} with bytes 0-99/100`);
  });

  it('sends an upload again when S3 asks to slow down, for a whole object and for each part', async () => {
    const proxy = await startFailingProxy({ status: 503, code: 'SlowDown' });
    try {
      const throttled = createS3Storage({ ...server.settings, endpoint: proxy.endpoint, stagingDir: path.join(dir, 'tmp'), partSizeBytes: TEST_PART_SIZE_BYTES });
      const small = randomBytes(2000);
      const large = randomBytes(2 * TEST_PART_SIZE_BYTES + 10);
      const stored = [await throttled.put(small, { extension: 'mp3', contentType: 'audio/mpeg' }), await throttled.put(large, { extension: 'wav', contentType: 'audio/wav' })];
      // One whole object and three parts, each refused once.
      expect(proxy.refused.size).toBe(4);
      expect((await readAll(stored[0]!.key)).equals(small)).toBe(true);
      expect((await readAll(stored[1]!.key)).equals(large)).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('does not send again what S3 refuses for good', async () => {
    const proxy = await startFailingProxy({ status: 403, code: 'AccessDenied' });
    try {
      const denied = createS3Storage({ ...server.settings, endpoint: proxy.endpoint, stagingDir: path.join(dir, 'tmp') });
      const bytes = randomBytes(2000);
      await expect(denied.put(bytes, { extension: 'mp3', contentType: 'audio/mpeg' })).rejects.toThrow('refused by the test');
      expect(proxy.refused.size).toBe(1);
      expect(await storage.stat(keyFor(createHash('sha256').update(bytes).digest('hex'), 'mp3'))).toBeUndefined();
      expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
