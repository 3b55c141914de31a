import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { songs, users } from '../../src/db/schema.js';
import { createLocalStorage } from '../../src/media/local-storage.js';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `npm run backup` / `npm run restore` as an operator runs them, with the server's settings in the environment. */
function run(command: 'backup' | 'restore', folder: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', command, '--', folder], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

let dir: string;
const source = () => path.join(dir, 'source');
let song: { id: number; key: string };

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-backup-'));
  const database = await openPglite(source());
  try {
    const storage = createLocalStorage(path.join(source(), 'media'));
    const stored = await storeTestBytes(storage, 10_000);
    await storeTestBytes(storage, 2_000);
    const artistId = (await buildArtist(database.db, { name: 'Backed Up Artist' })).id;
    const row = await buildSong(database.db, { artistId, title: 'Kept Song', fileKey: stored.key, fileSize: stored.size });
    await database.db.insert(users).values({ email: 'kept@example.com', passwordHash: 'x', firstName: 'Kept', lastName: 'User' });
    song = { id: row.id, key: stored.key };
  } finally {
    await database.close();
  }
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('npm run backup and npm run restore (embedded database)', () => {
  it('round-trips the database, and checks the media it lists', async () => {
    const backup = path.join(dir, 'backup-1');
    const made = await run('backup', backup, source());
    expect(made.output).toMatch(/Backed up the database \(.+, \d+ migrations\) and the keys of 2 media files/);
    expect(made.code).toBe(0);
    expect((await fs.readdir(backup)).sort()).toEqual(['database.tar.gz', 'manifest.json', 'media-keys.tsv']);

    // A new machine: the media folder copied over, the database restored.
    const target = path.join(dir, 'restored');
    await fs.cp(path.join(source(), 'media'), path.join(target, 'media'), { recursive: true });
    const restored = await run('restore', backup, target);
    expect(restored.output).toContain('All 2 media files it refers to are in the local storage.');
    expect(restored.code).toBe(0);

    const database = await openPglite(target);
    try {
      const [row] = await database.db.select().from(songs).where(eq(songs.id, song.id));
      expect(row).toMatchObject({ title: 'Kept Song', fileKey: song.key });
      expect(await database.db.select({ email: users.email }).from(users)).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await database.close();
    }
  });

  it('refuses to back up a database a server has open, and leaves no partial folder', async () => {
    const database = await openPglite(source());
    try {
      const refused = await run('backup', path.join(dir, 'backup-locked'), source());
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/is in use by another Kora process \(pid \d+\)/);
    } finally {
      await database.close();
    }
    expect((await fs.readdir(dir)).filter((name) => name.startsWith('backup-locked'))).toEqual([]);
  });

  it('overwrites nothing, refuses a damaged copy, and says which media are missing', async () => {
    const backup = path.join(dir, 'backup-2');
    expect((await run('backup', backup, source())).code).toBe(0);
    expect((await run('backup', backup, source())).output).toContain('exists already');

    const occupied = await run('restore', backup, source());
    expect(occupied.code).toBe(1);
    expect(occupied.output).toContain('holds a database already');

    const damaged = path.join(dir, 'backup-damaged');
    await fs.cp(backup, damaged, { recursive: true });
    const file = path.join(damaged, 'database.tar.gz');
    const bytes = await fs.readFile(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    await fs.writeFile(file, bytes);
    const refused = await run('restore', damaged, path.join(dir, 'fresh-1'));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('checksum differs');
    await expect(fs.readdir(path.join(dir, 'fresh-1', 'db'))).rejects.toThrow();

    // Restored without its media folder: the database comes back, and the operator is told.
    const withoutMedia = await run('restore', backup, path.join(dir, 'fresh-2'));
    expect(withoutMedia.code).toBe(3);
    expect(withoutMedia.output).toMatch(/2 of 2 media files the backup lists are missing/);
  });
});
