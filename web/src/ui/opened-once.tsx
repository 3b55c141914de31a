import { Suspense, useState, type ReactNode } from 'react';

/**
 * A lazily loaded dialog, rendered from the first time it opens and kept after (so it can animate
 * closed): the first screen does not download dialogs nobody has opened yet.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
