import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Not-found screens name the page with their title, so it becomes the page's <h1>. */
  as?: 'h1' | 'h2' | 'p';
  children?: ReactNode;
  className?: string;
}

/** What a page or section says when there is nothing to show: an icon, a title, a line, maybe a way out. */
export function EmptyState({ icon: Icon, title, description, as: Title = 'p', children, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center px-4 py-10 text-center', className)}>
      <span className="grid size-14 place-items-center rounded-full bg-raised text-gold-400">
        <Icon aria-hidden className="size-7" />
      </span>
      <Title className={cn('mt-4 font-bold', Title === 'h1' ? 'text-2xl tracking-tight' : 'text-lg')}>{title}</Title>
      {description && <p className="mt-1.5 max-w-sm text-sm text-ink-muted">{description}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}
