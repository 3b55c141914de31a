import path from 'node:path';
import { BackupError, backupEmbedded, restoreEmbedded } from './backup/embedded-backup.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openStorage } from './media/open-storage.js';

const USAGE = `Usage:
  npm run backup -- <new folder>     a consistent copy of the embedded database and the list of media keys
  npm run restore -- <backup folder> the database back into DATA_DIR (which must hold none), then a check of the media

Both use the server's settings (DATA_DIR, S3_*); the server must be stopped. On PostgreSQL use
pg_dump and pg_restore instead, and keep the bucket versioned: see the README's Backups section.`;

const say = (line: string) => void process.stdout.write(`${line}\n`);

/** `npm run backup` and `npm run restore` (backup/embedded-backup.ts). */
async function main(): Promise<number> {
  const [command, folder, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump (see the README).');
    return 2;
  }
  const storage = await openStorage(config);
  const dir = path.resolve(folder);
  if (command === 'backup') {
    const manifest = await backupEmbedded({ dataDir: config.dataDir, storage, outDir: dir });
    say(
      `Backed up the database (${formatBytes(manifest.database.bytes)}, ${manifest.database.migrations} migrations) ` +
        `and the keys of ${manifest.media.objects} media files (${formatBytes(manifest.media.bytes)}, ${manifest.media.storage}) to ${dir}.`,
    );
    if (manifest.media.storage === 'local') say(`Copy the media folder too: rsync -a ${path.join(config.dataDir, 'media')}/ <destination>/`);
    return 0;
  }
  const { manifest, missingMedia } = await restoreEmbedded({ backupDir: dir, dataDir: config.dataDir, storage });
  say(`Restored the database of ${manifest.createdAt} into ${config.dataDir}.`);
  if (missingMedia.length === 0) {
    say(`All ${manifest.media.objects} media files it refers to are in the ${storage.kind} storage.`);
    return 0;
  }
  console.error(
    `${missingMedia.length} of ${manifest.media.objects} media files the backup lists are missing or differ in the ${storage.kind} storage ` +
      `(first: ${missingMedia.slice(0, 3).join(', ')}). Copy the media back before starting the server.`,
  );
  return 3;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) console.error(error.message);
    else console.error('The backup command failed:', error);
    process.exit(1);
  },
);
