import type { Playlist } from '@kora/contracts';
import { ArrowUpDown, Check, Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { saveFlashToast } from '../../ui/flash-toast';
import { useDeletePlaylist } from './api';
import { EditPlaylistDialog } from './edit-playlist-dialog';

interface PlaylistOwnerMenuProps {
  playlist: Playlist;
  canReorder: boolean;
  isReordering: boolean;
  onToggleReorder: () => void;
}

/** The owner's menu of a playlist that is not editorial: Edit playlist, Reorder songs, Delete playlist. */
export function PlaylistOwnerMenu({ playlist, canReorder, isReordering, onToggleReorder }: PlaylistOwnerMenuProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const deletePlaylist = useDeletePlaylist(playlist.id);
  // A dialog chosen in the menu opens once the menu has closed and handed focus back to its
  // trigger: the dialog then starts with the focus and returns it to the trigger when it closes.
  const dialogAfterClose = useRef<'edit' | 'delete' | null>(null);

  function handleMenuCloseAutoFocus() {
    const dialog = dialogAfterClose.current;
    dialogAfterClose.current = null;
    if (dialog === 'edit') setIsEditing(true);
    if (dialog === 'delete') setIsConfirmingDelete(true);
  }

  function handleConfirmDelete() {
    deletePlaylist.mutate(undefined, {
      onSuccess: () => {
        // Spec section 4: a full navigation to /library, which would wipe a toast shown now.
        saveFlashToast({ title: 'Success', description: 'Playlist deleted successfully!' });
        window.location.assign('/library');
      },
      onError: () => setIsConfirmingDelete(false),
    });
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label="Playlist options"
          className="grid size-12 shrink-0 place-items-center rounded-full text-ink-muted transition-colors hover:bg-overlay hover:text-ink data-[state=open]:bg-overlay data-[state=open]:text-ink"
        >
          <Ellipsis aria-hidden className="size-6" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" onCloseAutoFocus={handleMenuCloseAutoFocus}>
          <DropdownMenuItem onSelect={() => {
              dialogAfterClose.current = 'edit';
            }}>
            <Pencil aria-hidden />
            Edit playlist
          </DropdownMenuItem>
          {canReorder && (
            <DropdownMenuItem onSelect={onToggleReorder}>
              {isReordering ? <Check aria-hidden /> : <ArrowUpDown aria-hidden />}
              {isReordering ? 'Done reordering' : 'Reorder songs'}
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => {
              dialogAfterClose.current = 'delete';
            }}>
            <Trash2 aria-hidden />
            Delete playlist
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditPlaylistDialog playlist={playlist} open={isEditing} onOpenChange={setIsEditing} />
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={(open) => {
          if (!deletePlaylist.isPending) setIsConfirmingDelete(open);
        }}
        title="Delete playlist"
        description="Are you sure you want to delete this playlist? This action cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={deletePlaylist.isPending || deletePlaylist.isSuccess}
        onConfirm={handleConfirmDelete}
      />
    </>
  );
}
