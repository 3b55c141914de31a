import { DEFAULT_MAX_COVER_BYTES, RELEASE_GENRES, RELEASE_LANGUAGES } from '@kora/contracts';
import type { Dispatch } from 'react';
import { describeImageFileProblem } from '../../ui/image-file';
import { FileField } from './file-field';
import { ChoiceGroup, SelectField, TextInput } from './form-controls';
import { RELEASE_STATUS_OPTIONS, type ReleaseDraft } from './release-draft';
import { messageFor, RELEASE_FIELD_IDS, type FieldProblem } from './release-rules';
import type { ReleaseFields, WizardAction } from './wizard-state';

const GENRE_OPTIONS = RELEASE_GENRES.map((genre) => ({ value: genre, label: genre }));
const LANGUAGE_OPTIONS = RELEASE_LANGUAGES.map((language) => ({ value: language, label: language }));

/** Spec section 2: the cover recommendation shown beside the picker. */
export const COVER_RECOMMENDATION = 'Recommended: 3000x3000 pixels, JPG or PNG.';

interface StepProps {
  draft: ReleaseDraft;
  dispatch: Dispatch<WizardAction>;
  problems: FieldProblem[];
}

/**
 * Step 3: who releases it, genre, language, album title and cover, and when. Next checks the
 * artist, the album title (not for a single) and the genre; the cover is marked required but, as
 * the spec says, not checked.
 */
export function ReleaseInfoStep({ draft, dispatch, problems }: StepProps) {
  const isSingle = draft.releaseType === 'single';

  function update(fields: ReleaseFields) {
    dispatch({ type: 'updateRelease', fields });
  }

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextInput
          id={RELEASE_FIELD_IDS.artist}
          label="Artist Name"
          required
          error={messageFor(problems, RELEASE_FIELD_IDS.artist)}
          autoComplete="off"
          maxLength={200}
          value={draft.artist}
          onChange={(event) => update({ artist: event.target.value })}
        />
        <TextInput
          id={RELEASE_FIELD_IDS.albumTitle}
          label="Album Title"
          required={!isSingle}
          error={messageFor(problems, RELEASE_FIELD_IDS.albumTitle)}
          hint={isSingle ? 'Optional for a single.' : undefined}
          autoComplete="off"
          maxLength={200}
          value={draft.albumTitle}
          onChange={(event) => update({ albumTitle: event.target.value })}
        />
        <SelectField
          id={RELEASE_FIELD_IDS.genre}
          label="Genre"
          required
          error={messageFor(problems, RELEASE_FIELD_IDS.genre)}
          placeholder="Select a genre"
          options={GENRE_OPTIONS}
          value={draft.genre}
          onChange={(event) => update({ genre: event.target.value })}
        />
        <SelectField
          id="release-language"
          label="Language"
          options={LANGUAGE_OPTIONS}
          value={draft.language}
          onChange={(event) => update({ language: event.target.value })}
        />
      </div>
      <FileField
        id="release-cover"
        label="Album Cover"
        required
        removable
        imagePreview
        accept="image/*"
        hint={COVER_RECOMMENDATION}
        file={draft.albumCover}
        onFileChange={(albumCover) => update({ albumCover })}
        describeProblem={(file) => describeImageFileProblem(file, DEFAULT_MAX_COVER_BYTES)}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextInput
          id="release-date"
          label="Release Date"
          type="date"
          value={draft.releaseDate}
          onChange={(event) => update({ releaseDate: event.target.value })}
        />
        <TextInput
          id="release-time"
          label="Release Time"
          type="time"
          value={draft.releaseTime}
          onChange={(event) => update({ releaseTime: event.target.value })}
        />
      </div>
      <ChoiceGroup
        name="releaseStatus"
        legend="Release Status"
        options={RELEASE_STATUS_OPTIONS}
        value={draft.releaseStatus}
        onChange={(releaseStatus) => update({ releaseStatus })}
      />
    </div>
  );
}
