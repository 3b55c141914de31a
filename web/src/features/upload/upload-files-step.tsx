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
  messageFor,
  RELEASE_FIELD_IDS,
  trackFieldId,
  type FieldProblem,
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
  problems: FieldProblem[];
}

/** Step 1: the kind of release and, per track, its audio file and title. */
export function UploadFilesStep({ draft, dispatch, problems }: StepProps) {
  const { releaseType, tracks } = draft;
  const countProblem = describeTrackCountProblem(releaseType, tracks.length);
  const tracksHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusNewTrackRef = useRef(false);
  const lastTrackKey = tracks.at(-1)?.key;

  // A track added with the button is where the listener goes next: its audio picker takes focus.
  useEffect(() => {
    if (!focusNewTrackRef.current) return;
    focusNewTrackRef.current = false;
    if (lastTrackKey !== undefined) document.getElementById(trackFieldId(lastTrackKey, 'audio'))?.focus();
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
                problems={problems}
              />
            </li>
          ))}
        </ol>
        {releaseType !== 'single' && (
          // Focused by a refused Next when the count is wrong: its words are then read out.
          <p
            id={RELEASE_FIELD_IDS.tracks}
            tabIndex={-1}
            aria-live="polite"
            className={countProblem ? 'text-sm text-coral-300 outline-none' : 'text-sm text-ink-subtle outline-none'}
          >
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
  problems: FieldProblem[];
}

function TrackFilesCard({ track, position, canRemove, onRemove, dispatch, problems }: TrackFilesCardProps) {
  const audioId = trackFieldId(track.key, 'audio');
  const titleId = trackFieldId(track.key, 'title');
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
          id={audioId}
          label="Audio File"
          required
          error={messageFor(problems, audioId)}
          accept={AUDIO_ACCEPT}
          file={track.audioFile}
          onFileChange={(audioFile) => dispatch({ type: 'updateTrack', key: track.key, fields: { audioFile } })}
          describeProblem={describeAudioFileProblem}
        />
        <TextInput
          id={titleId}
          label="Track Title"
          required
          error={messageFor(problems, titleId)}
          autoComplete="off"
          maxLength={200}
          value={track.title}
          onChange={(event) => dispatch({ type: 'updateTrack', key: track.key, fields: { title: event.target.value } })}
        />
      </fieldset>
    </div>
  );
}
