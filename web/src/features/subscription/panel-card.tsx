import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../ui/cn';

interface PanelCardProps {
  title: string;
  /** At the right of the heading: a button such as Change or View All. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One card of the subscription panels; its heading names the section for screen readers. */
export function PanelCard({ title, action, children, className }: PanelCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-3 rounded-card border border-line bg-raised p-4', className)}>
      <div className="flex min-h-9 items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-ink-muted">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}
