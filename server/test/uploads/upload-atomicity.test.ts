import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createLocalStorage } from '../../src/media/local-storage.js';
import { FILE_VANISHED_MESSAGE } from '../../src/features/uploads/service.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPng, multipartBody } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { countUploadRows, libraryEntries, listMediaFiles, releaseEntries, sendUpload, uploadOk } from './upload-helpers.js';

let t: TestApp;
let ada: SignedInUser;
let origin: URL;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app);
  origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(() => t.close());

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an upload is all or nothing', () => {
  it('leaves no rows and no files when the database fails after the files were stored', async () => {
    const before = await countUploadRows(t.database.db);
    const files = await listMediaFiles(t);
    // The last write of the transaction (the job) fails: every earlier row must be rolled back.
    await t.database.db.execute(sql.raw(`create function kora_test_fail() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`));
    await t.database.db.execute(sql.raw('create trigger kora_test_fail before insert on jobs for each row execute function kora_test_fail()'));
    try {
      const [one, two, cover] = await Promise.all([buildTestAudio('mp3', { seed: 301 }), buildTestAudio('flac', { seed: 302 }), buildTestAudio('wav', { seed: 303 })]);
      const response = await sendUpload(t.app, ada.cookie, '/api/upload-music', [
        ...releaseEntries({ artist: 'Brand New Artist', albumTitle: 'Lost', tracks: [{ audio: one, title: 'One', featuredArtists: 'Another New One' }, { audio: two, title: 'Two', instrumental: cover }] }),
      ]);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: expect.stringMatching(/^Something went wrong on our side/) });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger kora_test_fail on jobs'));
      await t.database.db.execute(sql.raw('drop function kora_test_fail()'));
    }
    expect(await countUploadRows(t.database.db)).toEqual(before);
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it('never deletes a stored file that another row uses, when an upload of the same file fails', async () => {
    const audio = await buildTestAudio('mp3', { seed: 304 });
    await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio, title: 'Kept', artist: 'A' }));
    const files = await listMediaFiles(t);
    const response = await sendUpload(t.app, ada.cookie, '/api/upload-music', releaseEntries({ albumTitle: 'T', tracks: [{ audio, title: 'Same' }, { audio: Buffer.from('not audio at all '.repeat(10)), title: 'Bad' }] }));
    expect(response.statusCode).toBe(415);
    // The failed upload stored the same object (same content, same key) and left it to the song that uses it.
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it.each<[string, (file: string, before: string[]) => boolean, (payload: Buffer, secondLength: number) => number]>([
    [
      'while a file is being stored',
      (file) => file.startsWith('tmp/'),
      // 80 KB into the first (88 KB) file: past the first look at its head, so storing has begun.
      (payload) => payload.indexOf('tracks[0][audioFile]') + 80_000,
    ],
    [
      'after a first file was stored',
      (file, before) => file.endsWith('.wav') && !before.includes(file),
      (payload, secondLength) => payload.indexOf('tracks[1][audioFile]') + secondLength / 2,
    ],
  ])('leaves nothing behind when the client hangs up %s', async (_case, isSignOfProgress, cutAt) => {
    const before = await countUploadRows(t.database.db);
    const filesBefore = await listMediaFiles(t);
    const [first, second] = await Promise.all([buildTestAudio('wav', { seed: 305, seconds: 2 }), buildTestAudio('wav', { seed: 306, seconds: 2 })]);
    const { payload, headers } = await multipartBody(releaseEntries({ albumTitle: 'Cut', tracks: [{ audio: first, title: 'One' }, { audio: second, title: 'Two' }] }));

    const socket = net.connect(Number(origin.port), origin.hostname);
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      socket.on('error', () => {});
      socket.write(
        `POST /api/upload-music HTTP/1.1\r\nHost: ${origin.host}\r\nCookie: ${ada.cookie}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, cutAt(payload, second.length)));
      await waitFor(async () => (await listMediaFiles(t)).some((file) => isSignOfProgress(file, filesBefore)));
    } finally {
      socket.destroy();
    }

    await waitFor(async () => JSON.stringify(await listMediaFiles(t)) === JSON.stringify(filesBefore));
    expect(await countUploadRows(t.database.db)).toEqual(before);
  });

  it('refuses with 503, and keeps nothing, when a stored audio file vanished before the commit', async () => {
    // Another request released an object of equal content (the same key) between our storing and our commit.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-test-'));
    const local = createLocalStorage(path.join(dataDir, 'media'));
    let vanish = false;
    const storage = {
      ...local,
      async stat(key: string) {
        if (vanish && key.endsWith('.mp3')) await local.delete(key);
        return local.stat(key);
      },
    };
    const database = await openTestDatabase();
    const app = await buildApp({ config: t.config, database, storage, logger: false });
    try {
      const bola = await signUp(app);
      const before = await countUploadRows(database.db);
      vanish = true;
      const response = await sendUpload(app, bola.cookie, '/api/upload', libraryEntries({ audio: await buildTestAudio('mp3', { seed: 307 }), title: 'Gone', artist: 'A', cover: await buildPng('#101010') }));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: FILE_VANISHED_MESSAGE });
      expect(await countUploadRows(database.db)).toEqual(before);
      expect((await fs.readdir(path.join(dataDir, 'media'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
