import fs from 'node:fs';
import { processTree } from './process-cpu.js';

export const MIB = 1024 * 1024;

/** A process's resident memory now (VmRSS) and its peak so far (VmHWM), in bytes; undefined once it has exited. */
export function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  const rss = kib('VmRSS');
  // A zombie (exited, not yet reaped) has no memory fields left.
  return Number.isNaN(rss) ? undefined : { rss, hwm: kib('VmHWM') };
}

/**
 * Starts VmHWM again from the current RSS (Linux ≥ 4.0, own processes), so the kernel's exact peak
 * of a phase can be read at its end, not only what sampling happened to see. False when refused.
 */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export type MemorySampler = {
  /** The highest VmRSS of the process seen so far, in bytes. */
  peakRss(): number;
  /** The highest total VmRSS of its direct children (ffmpeg) seen at one sample, in bytes. */
  peakChildrenRss(): number;
  stop(): void;
};

/** Samples a process's RSS (and its children's) every intervalMs from /proc. */
export function sampleMemory(pid: number, intervalMs: number): MemorySampler {
  let peak = 0;
  let childrenPeak = 0;
  const sample = () => {
    const own = memoryOf(pid);
    if (own) peak = Math.max(peak, own.rss);
    const children = processTree(pid)
      .slice(1)
      .reduce((sum, child) => sum + (memoryOf(child)?.rss ?? 0), 0);
    childrenPeak = Math.max(childrenPeak, children);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    peakRss: () => peak,
    peakChildrenRss: () => childrenPeak,
    stop: () => {
      clearInterval(timer);
      sample();
    },
  };
}
