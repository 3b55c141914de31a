import { DEFAULT_PLAYLIST_DESCRIPTION, type Playlist } from '@kora/contracts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { playlistPath } from '../../ui/catalogue-links';
import { Modal } from '../../ui/dialog';
import { useCreatePlaylist, type PlaylistFormValues } from './api';
import { EMPTY_PLAYLIST_FORM, PlaylistForm } from './playlist-form-fields';

interface CreatePlaylistDialogProps {
  /** The button that opens the dialog (the sidebar's '+', a button on the Library page). */
  trigger?: ReactNode;
  /** Controlled opening, for callers that open it from elsewhere (a menu item); otherwise the trigger opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** After the playlist exists (the phone drawer closes then; a song may be added to it). */
  onCreated?: (playlist: Playlist) => void;
  /** Opens the new playlist's page after creating it (the default). */
  openOnCreate?: boolean;
}

/**
 * The Create Playlist dialog (spec section 2): name, description and an optional cover. On
 * success the dialog closes and the new playlist's page opens; the hook has already toasted and
 * refreshed the playlist lists. The form starts empty at every opening.
 */
export function CreatePlaylistDialog({
  trigger,
  open,
  onOpenChange,
  onCreated,
  openOnCreate = true,
}: CreatePlaylistDialogProps) {
  const [isOpenHere, setIsOpenHere] = useState(false);
  const isOpen = open ?? isOpenHere;
  const createPlaylist = useCreatePlaylist();
  const navigate = useNavigate();

  function handleOpenChange(next: boolean) {
    setIsOpenHere(next);
    onOpenChange?.(next);
  }

  function handleSubmit(values: PlaylistFormValues) {
    createPlaylist.mutate(values, {
      onSuccess: (playlist) => {
        handleOpenChange(false);
        if (openOnCreate) void navigate(playlistPath(playlist.id));
        onCreated?.(playlist);
      },
    });
  }

  return (
    <Modal
      open={isOpen}
      onOpenChange={handleOpenChange}
      title="Create Playlist"
      description="Name your playlist, say what it is for and, if you like, give it a cover."
      trigger={trigger}
    >
      <CreatePlaylistForm
        onSubmit={handleSubmit}
        isPending={createPlaylist.isPending}
        onCancel={() => handleOpenChange(false)}
      />
    </Modal>
  );
}

interface CreatePlaylistFormProps {
  onSubmit: (values: PlaylistFormValues) => void;
  isPending: boolean;
  onCancel: () => void;
}

/** Mounted with the dialog's content, so closing the dialog resets it. */
function CreatePlaylistForm({ onSubmit, isPending, onCancel }: CreatePlaylistFormProps) {
  const [values, setValues] = useState<PlaylistFormValues>(EMPTY_PLAYLIST_FORM);
  return (
    <PlaylistForm
      idPrefix="create-playlist"
      values={values}
      onChange={setValues}
      onSubmit={onSubmit}
      isPending={isPending}
      submitLabel="Create Playlist"
      pendingLabel="Creating..."
      descriptionPlaceholder={DEFAULT_PLAYLIST_DESCRIPTION}
      cancel={
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      }
    />
  );
}
