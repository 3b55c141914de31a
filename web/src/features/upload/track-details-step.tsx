import type { Dispatch } from 'react';
import { AUDIO_ACCEPT, describeAudioFileProblem } from './audio-file';
import { FileField } from './file-field';
import { CheckboxField, TextArea, TextInput } from './form-controls';
import type { ReleaseDraft, TrackDraft } from './release-draft';
import type { TrackFields, WizardAction } from './wizard-state';

interface StepProps {
  draft: ReleaseDraft;
  dispatch: Dispatch<WizardAction>;
}

/** Step 2: per track, who features and produced it, its lyrics, whether it is explicit, an instrumental. */
export function TrackDetailsStep({ draft, dispatch }: StepProps) {
  return (
    <ol className="grid grid-cols-1 gap-4">
      {draft.tracks.map((track, index) => (
        <li key={track.key}>
          <TrackDetailsCard
            track={track}
            position={index + 1}
            onChange={(fields) => dispatch({ type: 'updateTrack', key: track.key, fields })}
          />
        </li>
      ))}
    </ol>
  );
}

interface TrackDetailsCardProps {
  track: TrackDraft;
  position: number;
  onChange: (fields: TrackFields) => void;
}

function TrackDetailsCard({ track, position, onChange }: TrackDetailsCardProps) {
  const idPrefix = `track-${track.key}`;
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-card border border-line bg-raised/40 p-3 sm:p-4">
      <legend className="sr-only">Track {position}</legend>
      <p aria-hidden className="flex min-w-0 items-baseline gap-2">
        <span className="shrink-0 font-semibold">Track {position}</span>
        <span className="truncate text-sm text-ink-muted">{track.title.trim()}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={`${idPrefix}-featured`}
          label="Featured Artists"
          hint="Separate names with commas."
          autoComplete="off"
          maxLength={300}
          value={track.featuredArtists}
          onChange={(event) => onChange({ featuredArtists: event.target.value })}
        />
        <TextInput
          id={`${idPrefix}-producers`}
          label="Producers"
          hint="Separate names with commas."
          autoComplete="off"
          maxLength={300}
          value={track.producers}
          onChange={(event) => onChange({ producers: event.target.value })}
        />
      </div>
      <TextArea
        id={`${idPrefix}-lyrics`}
        label="Lyrics"
        maxLength={20_000}
        value={track.lyrics}
        onChange={(event) => onChange({ lyrics: event.target.value })}
      />
      <CheckboxField
        id={`${idPrefix}-explicit`}
        label="Explicit content"
        description="Strong language or themes some listeners may want to skip."
        checked={track.explicitContent}
        onCheckedChange={(explicitContent) => onChange({ explicitContent })}
      />
      <FileField
        id={`${idPrefix}-instrumental`}
        label="Instrumental File"
        hint="Optional."
        removable
        accept={AUDIO_ACCEPT}
        file={track.instrumentalFile}
        onFileChange={(instrumentalFile) => onChange({ instrumentalFile })}
        describeProblem={describeAudioFileProblem}
      />
    </fieldset>
  );
}
