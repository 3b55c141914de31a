import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, type Dispatch } from 'react';
import { Button } from '../../ui/button';
import { formatQuantity } from '../../ui/format';
import { AUDIO_ACCEPT, AUDIO_FORMATS_TEXT, describeAudioFileProblem } from './audio-file';
import { FileField } from './file-field';
import { ChoiceGroup, TextInput } from './form-controls';
import { RELEASE_TYPE_LABELS, type ReleaseDraft, type ReleaseType, type TrackDraft } from './release-draft';
import {
  canAddTrack,
  canRemoveTrack,
  describeTrackCountProblem,
  describeTrackRange,
  describeTrackRule,
} from './release-rules';
import type { WizardAction } from './wizard-state';

const RELEASE_TYPE_OPTIONS = (['single', 'ep', 'album'] as const).map((value) => ({
  value,
  label: RELEASE_TYPE_LABELS[value],
  description: describeTrackRange(value),
}));

interface StepProps {
  draft: ReleaseDraft;
  dispatch: Dispatch<WizardAction>;
}

/** Step 1: the kind of release and, per track, its audio file and title. */
export function UploadFilesStep({ draft, dispatch }: StepProps) {
  const { releaseType, tracks } = draft;
  const countProblem = describeTrackCountProblem(releaseType, tracks.length);
  const tracksHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusNewTrackRef = useRef(false);
  const lastTrackKey = tracks.at(-1)?.key;

  // A track added with the button is where the listener goes next: its audio picker takes focus.
  useEffect(() => {
    if (!focusNewTrackRef.current) return;
    focusNewTrackRef.current = false;
    document.getElementById(`track-${lastTrackKey}-audio`)?.focus();
  }, [lastTrackKey]);

  function handleAddTrack() {
    focusNewTrackRef.current = true;
    dispatch({ type: 'addTrack' });
  }

  // The removed card held the focus; the list's heading takes it instead of the page's body.
  function handleRemoveTrack(key: number) {
    dispatch({ type: 'removeTrack', key });
    tracksHeadingRef.current?.focus();
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <ChoiceGroup<ReleaseType>
        name="releaseType"
        legend="Release Type"
        options={RELEASE_TYPE_OPTIONS}
        value={releaseType}
        onChange={(value) => dispatch({ type: 'setReleaseType', releaseType: value })}
      />

      <div className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 ref={tracksHeadingRef} tabIndex={-1} className="font-semibold">
            Tracks
          </h3>
          <p className="text-xs text-ink-subtle">Audio formats: {AUDIO_FORMATS_TEXT}</p>
        </div>
        <ol className="grid grid-cols-1 gap-3">
          {tracks.map((track, index) => (
            <li key={track.key}>
              <TrackFilesCard
                track={track}
                position={index + 1}
                canRemove={canRemoveTrack(tracks.length)}
                onRemove={() => handleRemoveTrack(track.key)}
                dispatch={dispatch}
              />
            </li>
          ))}
        </ol>
        {releaseType !== 'single' && (
          <p aria-live="polite" className={countProblem ? 'text-sm text-coral-300' : 'text-sm text-ink-subtle'}>
            {countProblem ?? `${formatQuantity(tracks.length, 'track')}. ${describeTrackRule(releaseType)}`}
          </p>
        )}
        {canAddTrack(releaseType, tracks.length) && (
          <Button variant="outline" className="justify-self-start" onClick={handleAddTrack}>
            <Plus aria-hidden />
            Add Track
          </Button>
        )}
      </div>
    </div>
  );
}

interface TrackFilesCardProps {
  track: TrackDraft;
  position: number;
  canRemove: boolean;
  onRemove: () => void;
  dispatch: Dispatch<WizardAction>;
}

function TrackFilesCard({ track, position, canRemove, onRemove, dispatch }: TrackFilesCardProps) {
  const idPrefix = `track-${track.key}`;
  return (
    <div className="relative rounded-card border border-line bg-raised/40 p-3 sm:p-4">
      {/* Before the fields, so focus meets it where the eye does: at the card's top. */}
      {canRemove && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove track ${position}`}
          onClick={onRemove}
          className="absolute top-3 right-2 sm:top-4 sm:right-3"
        >
          <Trash2 aria-hidden />
          Remove
        </Button>
      )}
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 flex min-h-11 items-center pr-28 font-semibold">Track {position}</legend>
        <FileField
          id={`${idPrefix}-audio`}
          label="Audio File"
          required
          accept={AUDIO_ACCEPT}
          file={track.audioFile}
          onFileChange={(audioFile) => dispatch({ type: 'updateTrack', key: track.key, fields: { audioFile } })}
          describeProblem={describeAudioFileProblem}
        />
        <TextInput
          id={`${idPrefix}-title`}
          label="Track Title"
          required
          autoComplete="off"
          maxLength={200}
          value={track.title}
          onChange={(event) => dispatch({ type: 'updateTrack', key: track.key, fields: { title: event.target.value } })}
        />
      </fieldset>
    </div>
  );
}
