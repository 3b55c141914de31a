import type { ReactNode } from 'react';
import { cn } from './cn';

/** A quiet pulsing block standing in for content that is on its way. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cn('block animate-pulse rounded-control bg-raised', className)} />;
}

/** Announces loading once for a whole skeleton area (the blocks themselves are hidden from screen readers). */
export function LoadingRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {children}
    </div>
  );
}
