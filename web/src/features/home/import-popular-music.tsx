import { ListPlus, LoaderCircle } from 'lucide-react';
import { useImportPopularMusic } from './api';

/**
 * The popular-music import (spec section 7): one tap adds the current Deezer chart to the
 * catalogue. Said plainly what arrives: 30-second previews, not whole songs.
 */
export function ImportPopularMusic() {
  const { mutate, isPending } = useImportPopularMusic();

  return (
    <button
      type="button"
      onClick={() => mutate()}
      disabled={isPending}
      aria-busy={isPending}
      className="flex items-center gap-3 p-3 text-left transition-colors hover:bg-raised disabled:cursor-wait sm:p-4"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-overlay text-gold-300">
        {isPending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
        ) : (
          <ListPlus aria-hidden className="size-5" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-bold">{isPending ? 'Importing popular music…' : 'Import popular music'}</span>
        <span className="block text-sm text-ink-muted">Adds the current Deezer chart as 30-second previews.</span>
      </span>
    </button>
  );
}
