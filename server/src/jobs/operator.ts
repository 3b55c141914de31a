import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import { type JobRow, listDeadJobs, retryDeadJob } from './queue.js';

/** What `npm run jobs -- …` was asked (jobs-cli.ts). */
export type JobsCommand = { name: 'list-dead'; type?: string } | { name: 'retry'; ids: number[] } | { name: 'retry-all-dead'; type?: string };

export const JOBS_USAGE = `Usage: npm run jobs -- <command>
  list-dead [--type T]            the jobs that used all their attempts, oldest first
  retry <id>...                   queues these dead jobs again (attempts reset, due now)
  retry --all-dead [--type T]     queues every dead job (of type T) again`;

/** Exit codes: 0 done, 1 some job could not be queued again (said why), 2 a bad command or an unknown or live job (nothing changed). */
export const EXIT = { ok: 0, partly: 1, refused: 2 } as const;

export type Output = { out: (line: string) => void; err: (line: string) => void };

/** Reads the arguments after `npm run jobs --`; a string is what is wrong with them. */
export function parseJobsCommand(args: readonly string[]): JobsCommand | string {
  const [name, ...rest] = args;
  const type = optionValue(rest, '--type');
  if (typeof type === 'object') return type.error;
  const others = rest.filter((arg, index) => arg !== '--type' && rest[index - 1] !== '--type');
  if (name === 'list-dead') {
    return others.length === 0 ? { name, ...(type ? { type } : {}) } : `Unexpected arguments: ${others.join(' ')}`;
  }
  if (name === 'retry') {
    if (others.includes('--all-dead')) {
      const extra = others.filter((arg) => arg !== '--all-dead');
      return extra.length === 0 ? { name: 'retry-all-dead', ...(type ? { type } : {}) } : `Unexpected arguments: ${extra.join(' ')}`;
    }
    if (type) return '--type goes with --all-dead';
    if (others.length === 0) return 'retry needs job ids, or --all-dead';
    const bad = others.filter((arg) => !/^[1-9]\d{0,14}$/.test(arg));
    if (bad.length > 0) return `Not a job id: ${bad.join(' ')}`;
    return { name, ids: [...new Set(others.map(Number))] };
  }
  return name ? `Unknown command: ${name}` : 'No command given';
}

function optionValue(args: readonly string[], option: string): string | undefined | { error: string } {
  const at = args.indexOf(option);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) return { error: `${option} needs a value` };
  return value;
}

/** Runs an operator's command on the jobs table, printing what it found or did; returns the exit code. */
export async function runJobsCommand(db: Db, command: JobsCommand, { out, err }: Output): Promise<number> {
  if (command.name === 'list-dead') {
    const dead = await listDeadJobs(db, { type: command.type });
    if (dead.length === 0) out(command.type ? `No dead ${command.type} jobs.` : 'No dead jobs.');
    for (const job of dead) out(describeDead(job));
    if (dead.length > 0) out(`${dead.length} dead job${dead.length === 1 ? '' : 's'}. Queue them again with: npm run jobs -- retry <id>... or retry --all-dead`);
    return EXIT.ok;
  }

  let ids: number[];
  if (command.name === 'retry') {
    // Every id is checked before any job changes: a typo must not leave half the list queued.
    const found = new Map((await db.select().from(jobs).where(inArray(jobs.id, command.ids))).map((job) => [job.id, job]));
    const refused: string[] = [];
    for (const id of command.ids) {
      const job = found.get(id);
      if (!job) refused.push(`No job ${id}.`);
      else if (job.status !== 'dead') refused.push(`Job ${id} (${job.type}) is ${job.status}, not dead: only dead jobs are retried.`);
    }
    if (refused.length > 0) {
      for (const line of refused) err(line);
      err('Nothing was changed.');
      return EXIT.refused;
    }
    ids = command.ids;
  } else {
    ids = (await listDeadJobs(db, { type: command.type })).map((job) => job.id);
    if (ids.length === 0) {
      out(command.type ? `No dead ${command.type} jobs.` : 'No dead jobs.');
      return EXIT.ok;
    }
  }

  let stayedDead = 0;
  for (const id of ids) {
    const outcome = await retryDeadJob(db, id);
    if (outcome?.retried) {
      out(`Job ${id} (${outcome.job.type}) queued again: attempt 1 of ${outcome.job.maxAttempts}, due now.`);
      continue;
    }
    stayedDead++;
    if (!outcome) err(`Job ${id} is gone; skipped.`);
    else if (outcome.reason === 'key-taken') err(`Job ${id} (${outcome.job.type}) stays dead: another queued or running job holds its key ${outcome.job.singletonKey}.`);
    else err(`Job ${id} (${outcome.job.type}) is ${outcome.job.status} now, not dead; skipped.`);
  }
  out(`${ids.length - stayedDead} of ${ids.length} queued again.`);
  return stayedDead === 0 ? EXIT.ok : EXIT.partly;
}

const PAYLOAD_MAX_CHARS = 200;

function describeDead(job: JobRow): string {
  const payload = JSON.stringify(job.payload);
  return [
    `#${job.id} ${job.type}, ${job.attempts} of ${job.maxAttempts} attempts, dead since ${job.updatedAt.toISOString()}` +
      (job.singletonKey ? `, key ${job.singletonKey}` : ''),
    `  payload: ${payload.length > PAYLOAD_MAX_CHARS ? `${payload.slice(0, PAYLOAD_MAX_CHARS)}…` : payload}`,
    `  last error: ${(job.lastError ?? '(none)').replace(/\s+/g, ' ')}`,
  ].join('\n');
}
