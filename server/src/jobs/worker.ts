import type { ClaimedJob, JobQueue, JobRow } from './queue.js';

type LogFn = (details: object, message: string) => void;
export type JobLog = { info: LogFn; warn: LogFn; error: LogFn };

export type JobContext = {
  job: ClaimedJob;
  /** Aborted when the worker stops or loses the job's lease: stop work (kill child processes) soon. */
  signal: AbortSignal;
  /** Records progress (0 to 100) and extends the lease. */
  progress(percent: number): Promise<void>;
  log: JobLog;
};

export type JobHandler = {
  /** Does the work; the result is stored on the job. Throwing queues another attempt after a delay. */
  run(payload: unknown, context: JobContext): Promise<unknown>;
  /** Called once when the job is dead (every attempt failed), to leave its subject in a final state. */
  onGiveUp?(job: JobRow, lastError: string): Promise<void>;
};

export type WorkerOptions = {
  queue: JobQueue;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Jobs run at once by this process; each may run one ffmpeg. */
  concurrency: number;
  pollIntervalMs?: number;
  /**
   * Subscribes to the queue's announcements (Database['listen'] on JOBS_CHANNEL): the type of each
   * job enqueued, or undefined when some may have been missed. Returns the unsubscribe.
   */
  listen?: (onQueued: (type: string | undefined) => void) => () => void;
  log: JobLog;
};

/** How long aborted jobs get to wind down (kill ffmpeg, give back their lease) once the stop's wait is over. */
const ABORT_GRACE_MS = 2_000;

type Running = { job: ClaimedJob; controller: AbortController; done: Promise<void>; stopping: boolean; lost: boolean };

/**
 * Runs queued jobs: polls the queue (every pollIntervalMs while idle, at once after a job ends or
 * one of its types is announced), at most `concurrency` at a time, each with a heartbeat that
 * extends its lease. The poll stays as the fallback for what announcements miss: jobs delayed or
 * retried later, a LISTEN connection that is down. stop() takes no new jobs, waits for the running
 * ones, and gives back the leases of those that did not finish in time.
 */
export function createWorker({ queue, handlers, concurrency, pollIntervalMs = 1_000, listen, log }: WorkerOptions) {
  const types = Object.keys(handlers);
  const running = new Map<number, Running>();
  let state: 'new' | 'running' | 'stopping' | 'stopped' = 'new';
  let loop: Promise<void> = Promise.resolve();
  let wake: (() => void) | undefined;
  // A nudge while the loop is busy (peeking, claiming) ends its next pause at once: the job
  // announced may have committed after the peek looked.
  let nudged = false;
  let unlisten: (() => void) | undefined;
  let stopped: Promise<void> | undefined;

  function nudge() {
    if (wake) wake();
    else nudged = true;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (nudged) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function pollLoop(): Promise<void> {
    while (state === 'running') {
      nudged = false;
      let claimed = false;
      if (running.size < concurrency) {
        try {
          claimed = await claimNext();
        } catch (error) {
          log.error({ err: error }, 'Could not take a job from the queue');
        }
      }
      if (state !== 'running') break;
      if (!claimed || running.size >= concurrency) await pause(pollIntervalMs);
    }
  }

  async function claimNext(): Promise<boolean> {
    const found = await queue.peek(types);
    if (found === 'none') return false;
    if (found === 'abandoned') {
      for (const job of await queue.failAbandoned(types)) {
        log.error({ jobId: job.id, type: job.type }, 'A job was abandoned on its last attempt; it is dead');
        await giveUp(job, job.lastError ?? '');
      }
      return true;
    }
    const job = await queue.claim(types);
    if (!job) return false;
    start(job);
    return true;
  }

  async function giveUp(job: JobRow, lastError: string): Promise<void> {
    try {
      await handlers[job.type]?.onGiveUp?.(job, lastError);
    } catch (error) {
      log.error({ err: error, jobId: job.id }, 'Could not finish off a dead job');
    }
  }

  function start(job: ClaimedJob): void {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve(), stopping: false, lost: false };
    running.set(job.id, entry);
    entry.done = execute(entry).finally(() => {
      running.delete(job.id);
      nudge();
    });
  }

  async function execute(entry: Running): Promise<void> {
    const { job, controller } = entry;
    const handler = handlers[job.type]!;
    let lastBeat = Date.now();

    const beat = async (progress?: number) => {
      try {
        if (await queue.heartbeat(job, progress)) {
          lastBeat = Date.now();
          return;
        }
        loseLease('Another worker holds this job now.');
      } catch (error) {
        // A database hiccup: keep working while the lease still holds, stop once it may have passed to another worker.
        if (Date.now() - lastBeat >= queue.leaseMs) loseLease('The lease could not be renewed.');
        else log.warn({ err: error, jobId: job.id }, 'Could not renew a job lease; retrying');
      }
    };
    const loseLease = (reason: string) => {
      if (entry.lost) return;
      entry.lost = true;
      controller.abort(new Error(reason));
    };
    const heartbeat = setInterval(() => void beat(), Math.max(100, Math.floor(queue.leaseMs / 3)));

    const started = Date.now();
    try {
      const result = await handler.run(job.payload, { job, signal: controller.signal, progress: (percent) => beat(percent), log });
      if (await queue.complete(job, result)) log.info({ jobId: job.id, type: job.type, attempt: job.attempts, ms: Date.now() - started }, 'Job done');
      else log.warn({ jobId: job.id }, 'A job finished after losing its lease; its result was dropped');
    } catch (error) {
      await settleFailure(entry, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function settleFailure(entry: Running, error: unknown): Promise<void> {
    const { job } = entry;
    try {
      if (entry.lost) {
        log.warn({ jobId: job.id, type: job.type }, 'A job stopped after losing its lease');
      } else if (entry.stopping) {
        await queue.release(job);
      } else {
        const outcome = await queue.fail(job, error);
        log.error({ err: error, jobId: job.id, type: job.type, attempt: job.attempts, outcome }, 'A job failed');
        if (outcome === 'dead') await giveUp({ ...job, status: 'dead' }, error instanceof Error ? error.message : String(error));
      }
    } catch (queueError) {
      // Its lease runs out and the job is taken again.
      log.error({ err: queueError, jobId: job.id }, 'Could not record the end of a job');
    }
  }

  async function stopRunning(timeoutMs: number): Promise<void> {
    state = 'stopping';
    unlisten?.();
    nudge();
    await loop;
    if (!(await within(allDone(), timeoutMs))) {
      for (const entry of running.values()) {
        entry.stopping = true;
        entry.controller.abort(new Error('The server is stopping.'));
      }
      if (!(await within(allDone(), ABORT_GRACE_MS))) {
        // A handler that ignores its signal: give its job back now, the process is about to end.
        await Promise.all(
          [...running.values()].map((entry) =>
            queue.release(entry.job).catch((error: unknown) => log.error({ err: error, jobId: entry.job.id }, 'Could not give a job back')),
          ),
        );
      }
    }
    state = 'stopped';
  }

  function allDone(): Promise<void> {
    return Promise.all([...running.values()].map((entry) => entry.done)).then(() => {});
  }

  function within(work: Promise<void>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    return Promise.race([work.then(() => true), timeout]).finally(() => clearTimeout(timer));
  }

  return {
    start(): void {
      if (state !== 'new') return;
      state = 'running';
      unlisten = listen?.((type) => {
        if (type === undefined || Object.hasOwn(handlers, type)) nudge();
      });
      loop = pollLoop();
    },

    /** Jobs running now in this process. */
    get activeCount(): number {
      return running.size;
    },

    /** Stops taking jobs, waits up to timeoutMs for running ones, then aborts them and gives their leases back. */
    stop(timeoutMs: number): Promise<void> {
      stopped ??= stopRunning(timeoutMs);
      return stopped;
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
