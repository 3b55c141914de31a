import { Plus } from 'lucide-react';
import { CreatePlaylistDialog } from '../playlists/create-playlist-dialog';

/** A card-sized way to start a playlist, beside the listener's playlists. */
export function CreatePlaylistCard() {
  return (
    <CreatePlaylistDialog
      trigger={
        <button
          type="button"
          className="flex h-full min-h-44 w-full flex-col items-center justify-center gap-3 rounded-card border border-dashed border-line-strong bg-surface/60 p-3 text-center text-ink-muted transition-colors hover:border-gold-400 hover:bg-raised hover:text-ink"
        >
          <span className="grid size-12 place-items-center rounded-full bg-raised text-gold-400">
            <Plus aria-hidden className="size-6" />
          </span>
          <span className="text-sm font-semibold">Create Playlist</span>
        </button>
      }
    />
  );
}
