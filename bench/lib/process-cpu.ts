import fs from 'node:fs';

const TICKS_PER_MS = 100 / 1000;

function statFields(pid: number): string[] | undefined {
  try {
    // Fields after the command name, which is in parentheses and may contain spaces.
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined;
  }
}

/** The process and its direct children (nginx's master and workers), from /proc. */
export function processTree(pid: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => statFields(candidate)?.[1] === String(pid));
  return [pid, ...children];
}

/**
 * CPU time (user + system, all threads) the processes have used so far, in ms. Linux only;
 * less sensitive than throughput to other work on the machine.
 */
export function cpuMsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = statFields(pid);
    return fields ? sum + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS : sum;
  }, 0);
}
