import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema.js';
import { enqueueJob } from '../../src/jobs/queue.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];

afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** `npm run jobs -- …` as the operator runs it, on the embedded database in DATA_DIR. */
function jobsCommand(DATA_DIR: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=kora-source', '--import', 'tsx', 'src/jobs-cli.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR, DATABASE_URL: '', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('the jobs command', () => {
  it('lists a dead job and queues it again; an unknown id or a bad command exits 2 and changes nothing', async () => {
    const DATA_DIR = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-jobs-cli-'));
    dirs.push(DATA_DIR);
    let database = await openPglite(DATA_DIR);
    const job = await enqueueJob(database.db, 'transcode-song', { songId: 5 }, { singletonKey: 'transcode:song:5' });
    await database.db.update(jobs).set({ status: 'dead', attempts: 3, lastError: 'ffmpeg crashed' }).where(eq(jobs.id, job.id));
    await database.close();

    const listed = await jobsCommand(DATA_DIR, 'list-dead');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`#${job.id} transcode-song, 3 of 3 attempts, dead since`);
    expect(listed.stdout).toContain('key transcode:song:5');

    const unknown = await jobsCommand(DATA_DIR, 'retry', String(job.id), String(job.id + 1));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`No job ${job.id + 1}.`);
    expect((await jobsCommand(DATA_DIR, 'retry', 'everything')).code).toBe(2);

    const retried = await jobsCommand(DATA_DIR, 'retry', String(job.id));
    expect(retried.code).toBe(0);
    expect(retried.stdout).toContain(`Job ${job.id} (transcode-song) queued again`);

    database = await openPglite(DATA_DIR);
    try {
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    } finally {
      await database.close();
    }
  });
});
