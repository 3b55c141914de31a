import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { acquireDataDirLock } from '../db/data-dir-lock.js';
import type { MediaStorage } from '../media/storage.js';

export const DATABASE_FILE = 'database.tar.gz';
export const MEDIA_KEYS_FILE = 'media-keys.tsv';
export const MANIFEST_FILE = 'manifest.json';

/** What a backup folder holds, written last: a folder without it is not a finished backup. */
export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: { kind: 'pglite'; file: string; bytes: number; sha256: string; migrations: number };
  media: { storage: MediaStorage['kind']; file: string; objects: number; bytes: number };
};

export class BackupError extends Error {}

const extensions = { pg_trgm, unaccent };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The embedded database's folder inside DATA_DIR (db/client.ts). */
const databaseDirOf = (dataDir: string) => path.join(dataDir, 'db');

/**
 * A consistent copy of the embedded database and the list of media keys it can refer to, in a new
 * folder. PGlite serves one process, so the copy is taken with the data folder's lock held: while
 * a server runs on it, this refuses with the lock's message instead of copying files mid-write.
 * The media files themselves are content-addressed and never change: copy the media folder (or
 * keep the bucket versioned) beside this; restore checks every listed key is there.
 */
export async function backupEmbedded({ dataDir, storage, outDir }: { dataDir: string; storage: MediaStorage; outDir: string }): Promise<BackupManifest> {
  if (await exists(outDir)) throw new BackupError(`${outDir} exists already: give the backup a new folder.`);
  if (!(await exists(path.join(databaseDirOf(dataDir), 'PG_VERSION')))) {
    throw new BackupError(`There is no embedded database in ${dataDir} to back up.`);
  }
  const release = acquireDataDirLock(dataDir);
  const partial = `${outDir}.partial-${process.pid}`;
  try {
    await fs.mkdir(partial, { recursive: true });
    const client = await PGlite.create(databaseDirOf(dataDir), { extensions });
    let dump: Buffer;
    let migrations: number;
    try {
      migrations = await appliedMigrations(client);
      dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    await fs.writeFile(path.join(partial, DATABASE_FILE), dump);

    let objects = 0;
    let bytes = 0;
    const lines: string[] = [];
    for await (const object of storage.list()) {
      lines.push(`${object.key}\t${object.size}`);
      objects++;
      bytes += object.size;
    }
    await fs.writeFile(path.join(partial, MEDIA_KEYS_FILE), lines.length > 0 ? `${lines.join('\n')}\n` : '');

    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: { kind: 'pglite', file: DATABASE_FILE, bytes: dump.length, sha256: sha256(dump), migrations },
      media: { storage: storage.kind, file: MEDIA_KEYS_FILE, objects, bytes },
    };
    await fs.writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(partial, outDir);
    return manifest;
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

export type RestoreResult = { manifest: BackupManifest; missingMedia: string[] };

/**
 * Brings a backup's database back into DATA_DIR, which must hold none (move an old one away first:
 * nothing is overwritten), after checking the copy is whole; then lists the media keys the backup
 * names that the storage does not hold.
 */
export async function restoreEmbedded({ backupDir, dataDir, storage }: { backupDir: string; dataDir: string; storage: MediaStorage }): Promise<RestoreResult> {
  const manifest = await readManifest(backupDir);
  const dump = await fs.readFile(path.join(backupDir, manifest.database.file)).catch(() => {
    throw new BackupError(`${backupDir} has no ${manifest.database.file}: the backup is incomplete.`);
  });
  if (dump.length !== manifest.database.bytes || sha256(dump) !== manifest.database.sha256) {
    throw new BackupError(`${manifest.database.file} in ${backupDir} is not the file the backup wrote (its checksum differs): it was damaged or changed.`);
  }
  const target = databaseDirOf(dataDir);
  const release = acquireDataDirLock(dataDir);
  try {
    if ((await fs.readdir(target).catch(() => [])).length > 0) {
      throw new BackupError(`${target} holds a database already: move it away first (restore overwrites nothing).`);
    }
    try {
      const client = await PGlite.create(target, { extensions, loadDataDir: new Blob([dump]) });
      try {
        const migrations = await appliedMigrations(client);
        if (migrations !== manifest.database.migrations) {
          throw new BackupError(`The restored database has ${migrations} migrations applied; the backup recorded ${manifest.database.migrations}.`);
        }
      } finally {
        await client.close();
      }
    } catch (error) {
      // A half-written data folder would be taken for a database at the next start.
      await fs.rm(target, { recursive: true, force: true });
      throw error;
    }
  } finally {
    release();
  }

  const listed = (await fs.readFile(path.join(backupDir, manifest.media.file), 'utf8')).split('\n').filter(Boolean);
  const missingMedia: string[] = [];
  for (const line of listed) {
    const [key, size] = line.split('\t');
    const info = await storage.stat(key!);
    if (!info || info.size !== Number(size)) missingMedia.push(key!);
  }
  return { manifest, missingMedia };
}

async function readManifest(backupDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${backupDir} is not a finished Kora backup: it has no ${MANIFEST_FILE}.`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1 || manifest.database?.kind !== 'pglite') {
    throw new BackupError(`${backupDir} holds a backup this version of Kora cannot read.`);
  }
  return manifest;
}

/** Drizzle's record of the migrations applied: a restored copy must have the same. */
async function appliedMigrations(client: PGlite): Promise<number> {
  const result = await client.query<{ count: number }>('select count(*)::integer as count from drizzle.__drizzle_migrations');
  return result.rows[0]!.count;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
