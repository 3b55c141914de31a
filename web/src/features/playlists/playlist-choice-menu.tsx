import { NON_LOCAL_LIKE_TITLE, type Song } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { ListMusic, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { DownloadMenuItem } from '../../offline/downloads/download-menu-item';
import { isLikeable } from '../likes/api';
import { myPlaylistsQuery, useAddSongToPlaylist } from './api';
import { CreatePlaylistDialog } from './create-playlist-dialog';

const NOT_ADDABLE_MESSAGE = 'Only songs from your library can be added to playlists.';

export interface PlaylistChoiceMenuProps {
  song: Song;
  /** The button that opens the menu. */
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  onRemoveFromPlaylist?: ((song: Song) => void) | undefined;
  /** Open at once: the listener pressed the button before this code had loaded. */
  defaultOpen?: boolean;
}

/**
 * The listener's own playlists, and "New playlist…". Nothing is fetched until the menu opens
 * (grids hold hundreds of these). The song is fixed when the menu opens: in the player the next
 * song may start while the listener is still choosing.
 */
export function PlaylistChoiceMenu({ song, trigger, onRemoveFromPlaylist, defaultOpen = false }: PlaylistChoiceMenuProps) {
  const [chosenSong, setChosenSong] = useState(song);
  const [isCreating, setIsCreating] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // A dialog (create, or the remove confirmation) opens once the menu has closed and handed focus
  // back to its trigger, so the menu's and the dialog's outside-pointer locks never overlap.
  const createAfterClose = useRef(false);
  const removeAfterClose = useRef(false);
  const returnFocus = useRef(false);

  // A dialog opened without a Radix trigger has nowhere to send focus when it closes: back to ours.
  useEffect(() => {
    if (isCreating || !returnFocus.current) return;
    returnFocus.current = false;
    triggerRef.current?.focus();
  }, [isCreating]);

  function handleOpenChange(open: boolean) {
    if (open) setChosenSong(song);
  }

  function handleCloseAutoFocus() {
    if (removeAfterClose.current) {
      removeAfterClose.current = false;
      onRemoveFromPlaylist?.(chosenSong);
      return;
    }
    if (!createAfterClose.current) return;
    createAfterClose.current = false;
    returnFocus.current = true;
    setIsCreating(true);
  }

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen} onOpenChange={handleOpenChange}>
        <DropdownMenuTrigger asChild ref={triggerRef}>
          {trigger}
        </DropdownMenuTrigger>
        <DropdownMenuContent onCloseAutoFocus={handleCloseAutoFocus} className="w-72 max-w-[calc(100vw-1rem)]">
          <PlaylistChoices
            song={chosenSong}
            onNewPlaylist={() => {
              createAfterClose.current = true;
            }}
          />
          <DownloadMenuItem song={chosenSong} />
          {onRemoveFromPlaylist && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                onSelect={() => {
                  removeAfterClose.current = true;
                }}
              >
                <Trash2 aria-hidden />
                Remove from this playlist
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {isCreating && <CreateAndAdd song={chosenSong} onDone={() => setIsCreating(false)} />}
    </>
  );
}

function PlaylistChoices({ song, onNewPlaylist }: { song: Song; onNewPlaylist: () => void }) {
  const headingId = useId();

  if (!isLikeable(song)) {
    return (
      <div role="note" className="grid gap-1 px-3 py-2.5">
        <p className="text-sm font-semibold text-ink">{NON_LOCAL_LIKE_TITLE}</p>
        <p className="text-sm text-ink-muted">{NOT_ADDABLE_MESSAGE}</p>
      </div>
    );
  }

  return (
    <>
      <div className="px-3 pt-2 pb-1.5">
        <p id={headingId} className="text-xs font-semibold tracking-wider text-ink-subtle uppercase">
          Add to playlist
        </p>
        <p className="truncate text-sm font-semibold text-ink">{song.title}</p>
      </div>
      <div role="group" aria-labelledby={headingId} className="max-h-64 overflow-y-auto">
        <OwnPlaylistItems song={song} />
      </div>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onNewPlaylist}>
        <Plus aria-hidden />
        New playlist…
      </DropdownMenuItem>
    </>
  );
}

function OwnPlaylistItems({ song }: { song: Song }) {
  const { data: playlists, isPending, isError, refetch } = useQuery(myPlaylistsQuery);
  const addSong = useAddSongToPlaylist();

  if (isPending) return <MenuNote role="status">Loading your playlists…</MenuNote>;
  if (isError) {
    return (
      <>
        <MenuNote>Could not load your playlists.</MenuNote>
        <DropdownMenuItem
          onSelect={(event) => {
            // Keeps the menu open for the answer.
            event.preventDefault();
            void refetch();
          }}
        >
          <RotateCw aria-hidden />
          Try again
        </DropdownMenuItem>
      </>
    );
  }
  if (playlists.length === 0) return <MenuNote>You have no playlists yet.</MenuNote>;

  return playlists.map((playlist) => (
    <DropdownMenuItem key={playlist.id} onSelect={() => addSong.mutate({ playlist, song })}>
      <ListMusic aria-hidden />
      <span className="truncate">{playlist.name}</span>
    </DropdownMenuItem>
  ));
}

function MenuNote({ role, children }: { role?: 'status'; children: ReactNode }) {
  return (
    <p role={role} className="px-3 py-2.5 text-sm text-ink-subtle">
      {children}
    </p>
  );
}

/**
 * "New playlist…": the create dialog, and the song goes into the playlist it makes. The listener
 * stays where they are (a song row, a card, the player) instead of being taken to the new page.
 */
function CreateAndAdd({ song, onDone }: { song: Song; onDone: () => void }) {
  const addSong = useAddSongToPlaylist();
  return (
    <CreatePlaylistDialog
      open
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      openOnCreate={false}
      onCreated={(playlist) => addSong.mutate({ playlist, song })}
    />
  );
}
