import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from './cn';

interface SectionProps {
  title: ReactNode;
  /** Shown at the right of the heading: a 'Show all' link, for example. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled block of a page: the heading names the <section> for screen readers. */
export function Section({ title, action, children, className }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-4', className)}>
      <div className="flex min-h-11 items-center justify-between gap-4">
        <h2 id={headingId} className="min-w-0 text-xl font-bold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
