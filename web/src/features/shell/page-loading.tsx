import { LoaderCircle } from 'lucide-react';

export function PageLoading() {
  return (
    <div role="status" className="grid h-full min-h-60 place-items-center text-ink-subtle">
      <span className="flex items-center gap-2 text-sm">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        Loading...
      </span>
    </div>
  );
}
