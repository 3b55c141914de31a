import { NON_LOCAL_LIKE_TITLE, type Song } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Ellipsis, ListMusic, ListPlus, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { IconButton } from '../../ui/icon-button';
import { isLikeable } from '../likes/api';
import { myPlaylistsQuery, useAddSongToPlaylist } from './api';
import { CreatePlaylistDialog } from './create-playlist-dialog';

export const NOT_ADDABLE_MESSAGE = 'Only songs from your library can be added to playlists.';

interface SongOptionsMenuProps {
  song: Song;
  className?: string;
  /** On the owner's playlist: "Remove from this playlist" (a phone has no room for its own button). */
  onRemoveFromPlaylist?: (song: Song) => void;
}

/** The '⋯' of a song row or card: "More options for {title}", whose menu adds the song to a playlist. */
export function SongOptionsMenu({ song, className, onRemoveFromPlaylist }: SongOptionsMenuProps) {
  return (
    <AddToPlaylistMenu
      song={song}
      onRemoveFromPlaylist={onRemoveFromPlaylist}
      trigger={
        <button
          type="button"
          aria-label={`More options for ${song.title}`}
          className={cn(
            'grid size-9 shrink-0 place-items-center rounded-full text-ink-subtle transition-colors hover:bg-overlay hover:text-ink data-[state=open]:bg-overlay data-[state=open]:text-ink',
            className,
          )}
        >
          <Ellipsis aria-hidden className="size-5" />
        </button>
      }
    />
  );
}

/** The players' "Add to playlist" button; disabled, like every player control, with no song. */
export function AddToPlaylistButton({ song, className }: { song: Song | null; className?: string }) {
  const trigger = (
    <IconButton label="Add to playlist" disabled={!song} className={cn('data-[state=open]:bg-overlay', className)}>
      <ListPlus aria-hidden />
    </IconButton>
  );
  return song ? <AddToPlaylistMenu song={song} trigger={trigger} /> : trigger;
}

interface AddToPlaylistMenuProps {
  song: Song;
  /** The button that opens the menu. */
  trigger: ReactElement;
  onRemoveFromPlaylist?: ((song: Song) => void) | undefined;
}

/**
 * The listener's own playlists, and "New playlist…". Nothing is fetched until the menu opens
 * (grids hold hundreds of these). The song is fixed when the menu opens: in the player the next
 * song may start while the listener is still choosing.
 */
function AddToPlaylistMenu({ song, trigger, onRemoveFromPlaylist }: AddToPlaylistMenuProps) {
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
      <DropdownMenu onOpenChange={handleOpenChange}>
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
