import type { Playlist } from '@kora/contracts';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { useUpdatePlaylist, type PlaylistFormValues } from './api';
import { PlaylistForm } from './playlist-form-fields';

interface EditPlaylistDialogProps {
  playlist: Playlist;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit Playlist (spec sections 2 and 4): opens prefilled with the name and description, cover cleared. */
export function EditPlaylistDialog({ playlist, open, onOpenChange }: EditPlaylistDialogProps) {
  const updatePlaylist = useUpdatePlaylist(playlist.id);

  function handleSubmit(values: PlaylistFormValues) {
    updatePlaylist.mutate(values, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Playlist" description="Update your playlist details">
      {/* The dialog's content mounts on each opening, so the form starts from the playlist every time. */}
      <EditPlaylistForm
        playlist={playlist}
        onSubmit={handleSubmit}
        isPending={updatePlaylist.isPending}
        onCancel={() => onOpenChange(false)}
      />
    </Modal>
  );
}

interface EditPlaylistFormProps {
  playlist: Playlist;
  onSubmit: (values: PlaylistFormValues) => void;
  isPending: boolean;
  onCancel: () => void;
}

function EditPlaylistForm({ playlist, onSubmit, isPending, onCancel }: EditPlaylistFormProps) {
  const [values, setValues] = useState<PlaylistFormValues>({
    name: playlist.name,
    description: playlist.description ?? '',
    cover: null,
  });

  return (
    <PlaylistForm
      idPrefix="edit-playlist"
      values={values}
      onChange={setValues}
      onSubmit={onSubmit}
      isPending={isPending}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      currentCoverUrl={playlist.coverUrl}
      cancel={
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      }
    />
  );
}
