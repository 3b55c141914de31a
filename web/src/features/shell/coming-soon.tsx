import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../ui/page-title';

interface ComingSoonProps {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}

/** The honest page for a route whose feature has not shipped yet. */
export function ComingSoon({ title, icon: Icon, children }: ComingSoonProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-8">
      <PageTitle title={title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <div className="mt-6 flex items-center gap-4 rounded-card border border-dashed border-line-strong bg-surface/60 p-6">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-raised text-gold-400">
          <Icon aria-hidden className="size-6" />
        </span>
        <p className="text-ink-muted">{children}</p>
      </div>
    </div>
  );
}
