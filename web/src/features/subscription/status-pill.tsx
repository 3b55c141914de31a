import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

export type PillTone = 'good' | 'waiting' | 'bad' | 'quiet';

const TONES: Record<PillTone, string> = {
  good: 'bg-jade-900 text-jade-300',
  waiting: 'bg-gold-400/15 text-gold-300',
  bad: 'bg-coral-900 text-coral-300',
  quiet: 'bg-overlay text-ink-muted',
};

/** A small label for a state; its words carry the meaning, the colour only repeats it. */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone])}>
      {children}
    </span>
  );
}
