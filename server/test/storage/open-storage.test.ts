import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openStorage } from '../../src/media/open-storage.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';

describe('S3 settings', () => {
  it('choose S3 when S3_BUCKET is set, with the defaults', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'kora-media' }).s3).toEqual({
      bucket: 'kora-media',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'kora-media',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'kora-media',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: needed to use S3 storage (S3_ENDPOINT is set)'],
    [{ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_BUCKET: needed to use S3 storage (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set)'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY: needed with S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID: needed with S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT:'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE:'],
  ])('refuse %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('openStorage', () => {
  let s3: TestS3Server;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-open-storage-'));
  });
  afterAll(async () => {
    await s3.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** One staged file a crash left two hours ago and one being written now. */
  async function leaveStagedFiles(stagingDir: string) {
    await fs.mkdir(stagingDir, { recursive: true });
    const stale = path.join(stagingDir, 'crashed.part');
    const fresh = path.join(stagingDir, 'in-flight.part');
    await fs.writeFile(stale, 'half an upload');
    await fs.writeFile(fresh, 'an upload');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(stale, twoHoursAgo, twoHoursAgo);
    return { stale, fresh };
  }

  it('opens the local folder without S3 settings, removing what a crash left staged', async () => {
    const { stale, fresh } = await leaveStagedFiles(path.join(dataDir, 'media', 'tmp'));
    const storage = await openStorage({ dataDir, s3: undefined, orphanGraceMs: 60 * 60 * 1000 });
    expect(storage.kind).toBe('local');
    await expect(fs.stat(stale)).rejects.toThrow();
    await expect(fs.stat(fresh)).resolves.toBeTruthy();
    const { key } = await storage.put(Buffer.from('local'), { extension: 'txt', contentType: 'text/plain' });
    await expect(fs.readFile(path.join(dataDir, 'media', key), 'utf8')).resolves.toBe('local');
  });

  it('opens the S3 bucket with S3 settings, staging under the data folder', async () => {
    const { stale, fresh } = await leaveStagedFiles(path.join(dataDir, 'tmp'));
    const storage = await openStorage({ dataDir, s3: s3.settings, orphanGraceMs: 60 * 60 * 1000 });
    expect(storage.kind).toBe('s3');
    await expect(fs.stat(stale)).rejects.toThrow();
    await expect(fs.stat(fresh)).resolves.toBeTruthy();
    await storage.check();
    const { key } = await storage.put(Buffer.from('in the bucket'), { extension: 'txt', contentType: 'text/plain' });
    expect((await storage.stat(key))?.size).toBe('in the bucket'.length);
    expect(await fs.readdir(path.join(dataDir, 'tmp'))).toEqual(['in-flight.part']);
  });
});
