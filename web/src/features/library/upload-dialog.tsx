import {
  AUDIO_REQUIRED_MESSAGE,
  DEFAULT_ALBUM_TITLE,
  DEFAULT_MAX_COVER_BYTES,
  TITLE_AND_ARTIST_REQUIRED_MESSAGE,
} from '@kora/contracts';
import { Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { describeImageFileProblem } from '../../ui/image-file';
import { toast } from '../../ui/use-toast';
import { ConfirmEmailNotice } from '../account-email/confirm-email-notice';
import { useAuth } from '../auth/use-auth';
import { useLibraryUpload } from '../upload/api';
import { describeAudioFileProblem, titleFromFileName } from '../upload/audio-file';
import { FileField } from '../upload/file-field';
import { TextInput } from '../upload/form-controls';
import type { LibraryUploadValues } from '../upload/upload-forms';
import { UploadProgressList } from '../upload/upload-progress-list';

const EMPTY_VALUES: LibraryUploadValues = { audioFile: null, title: '', artist: '', album: '', coverFile: null };

/**
 * The Library's Upload dialog (spec sections 3 and 5): one song with its title (taken from the
 * file's name until the listener types one), artist, album and an optional cover. The form
 * outlives a close while its files are on their way, so reopening shows the progress.
 */
export function UploadDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<LibraryUploadValues>(EMPTY_VALUES);
  const { upload, isPending, progress, cancel } = useLibraryUpload();
  const { user } = useAuth();

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next && !isPending) setValues(EMPTY_VALUES);
  }

  function handleAudioFileChange(audioFile: File | null) {
    setValues((current) => {
      const previousPrefill = current.audioFile ? titleFromFileName(current.audioFile.name) : '';
      const keepsTitle = current.title.trim() !== '' && current.title !== previousPrefill;
      const title = keepsTitle || !audioFile ? current.title : titleFromFileName(audioFile.name);
      return { ...current, audioFile, title };
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const { audioFile } = values;
    // No `required` attributes: the spec answers with these toasts, and nothing is sent.
    if (!audioFile) {
      toast({ title: 'Error', description: AUDIO_REQUIRED_MESSAGE, variant: 'destructive' });
      return;
    }
    if (!values.title.trim() || !values.artist.trim()) {
      toast({ title: 'Error', description: TITLE_AND_ARTIST_REQUIRED_MESSAGE, variant: 'destructive' });
      return;
    }
    upload(
      { ...values, audioFile },
      {
        onSuccess: () => {
          setOpen(false);
          setValues(EMPTY_VALUES);
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title="Upload Music"
      description="Add a song to your library. It plays once it has been checked."
      trigger={
        <Button variant="outline" size="sm">
          {/* Without the icon on a phone, so the page title keeps its room beside the Back button. */}
          <Upload aria-hidden className="max-sm:hidden" />
          Upload
        </Button>
      }
    >
      {/* The server takes uploads only from a confirmed address (features/account-email). */}
      {user?.emailConfirmationNeeded ? (
        <ConfirmEmailNotice user={user} purpose="upload music" />
      ) : (
        <form aria-label="Upload music" noValidate onSubmit={handleSubmit} className="grid min-w-0 gap-4">
          <fieldset disabled={isPending} className="grid min-w-0 gap-4">
            <FileField
              id="library-upload-audio"
              label="Audio File"
              required
              accept="audio/*"
              file={values.audioFile}
              onFileChange={handleAudioFileChange}
              describeProblem={describeAudioFileProblem}
            />
            <TextInput
              id="library-upload-title"
              label="Song Title"
              required
              autoComplete="off"
              maxLength={200}
              value={values.title}
              onChange={(event) => setValues({ ...values, title: event.target.value })}
            />
            <TextInput
              id="library-upload-artist"
              label="Artist Name"
              required
              autoComplete="off"
              maxLength={200}
              value={values.artist}
              onChange={(event) => setValues({ ...values, artist: event.target.value })}
            />
            <TextInput
              id="library-upload-album"
              label="Album"
              autoComplete="off"
              maxLength={200}
              placeholder={DEFAULT_ALBUM_TITLE}
              value={values.album}
              onChange={(event) => setValues({ ...values, album: event.target.value })}
            />
            <FileField
              id="library-upload-cover"
              label="Cover Image"
              hint="Optional."
              removable
              imagePreview
              accept="image/*"
              file={values.coverFile}
              onFileChange={(coverFile) => setValues((current) => ({ ...current, coverFile }))}
              describeProblem={(file) => describeImageFileProblem(file, DEFAULT_MAX_COVER_BYTES)}
            />
          </fieldset>
          {progress && <UploadProgressList upload={progress} onCancel={cancel} />}
          <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => handleOpenChange(false)}>
              {isPending ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Uploading...' : 'Upload'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
