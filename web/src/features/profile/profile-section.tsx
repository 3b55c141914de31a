import type { ReactNode } from 'react';
import { useId } from 'react';

/** A titled block of the Profile dialog (the dialog's own title is the h2). */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-sm font-bold tracking-wider text-ink-subtle uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}
