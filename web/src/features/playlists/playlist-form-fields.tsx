import {
  PLAYLIST_COVER_MAX_BYTES,
  PLAYLIST_DESCRIPTION_MAX_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  PLAYLIST_NAME_REQUIRED_MESSAGE,
} from '@kora/contracts';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { ImageFileField } from '../../ui/image-file-field';
import { TextareaField } from '../../ui/textarea-field';
import { toast } from '../../ui/use-toast';
import type { PlaylistFormValues } from './api';

export const EMPTY_PLAYLIST_FORM: PlaylistFormValues = { name: '', description: '', cover: null };

interface PlaylistFormProps {
  /** Prefix of the inputs' ids: the create and edit dialogs may both be in the page. */
  idPrefix: string;
  values: PlaylistFormValues;
  onChange: (values: PlaylistFormValues) => void;
  /** Called with the values only when the name is not blank (spec section 5). */
  onSubmit: (values: PlaylistFormValues) => void;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The cover shown until a new one is chosen (editing). */
  currentCoverUrl?: string | null;
  descriptionPlaceholder?: string;
  /** The Cancel button, wrapped by the dialog so it closes it. */
  cancel: ReactNode;
}

/** Name, description and cover of a playlist: the fields of the Create Playlist and Edit Playlist dialogs. */
export function PlaylistForm({
  idPrefix,
  values,
  onChange,
  onSubmit,
  isPending,
  submitLabel,
  pendingLabel,
  currentCoverUrl,
  descriptionPlaceholder,
  cancel,
}: PlaylistFormProps) {
  const nameId = `${idPrefix}-name`;

  // Typing starts in the name, not on the dialog's close button. A frame later than the dialog's own
  // first focus, because inside the phone drawer (a dialog itself) that one lands on the close button.
  useEffect(() => {
    const frame = requestAnimationFrame(() => document.getElementById(nameId)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [nameId]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    // No `required` on the input: the spec answers a blank name with this toast, and nothing is sent.
    if (!values.name.trim()) {
      toast({ title: 'Error', description: PLAYLIST_NAME_REQUIRED_MESSAGE, variant: 'destructive' });
      return;
    }
    onSubmit(values);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid min-w-0 gap-4">
      <Field
        id={nameId}
        label="Playlist Name"
        autoComplete="off"
        aria-required
        maxLength={PLAYLIST_NAME_MAX_LENGTH}
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
      />
      <TextareaField
        id={`${idPrefix}-description`}
        label="Description"
        maxLength={PLAYLIST_DESCRIPTION_MAX_LENGTH}
        placeholder={descriptionPlaceholder}
        value={values.description}
        onChange={(event) => onChange({ ...values, description: event.target.value })}
      />
      <ImageFileField
        id={`${idPrefix}-cover`}
        label="Cover Photo (Optional)"
        hint="Upload an image file for your playlist cover"
        file={values.cover}
        onFileChange={(cover) => onChange({ ...values, cover })}
        maxBytes={PLAYLIST_COVER_MAX_BYTES}
        currentImageUrl={currentCoverUrl}
        disabled={isPending}
      />
      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
