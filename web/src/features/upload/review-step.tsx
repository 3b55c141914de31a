import { Clock } from 'lucide-react';
import type { Dispatch, ReactNode } from 'react';
import { formatFileSize } from './audio-file';
import { CheckboxField } from './form-controls';
import {
  DISTRIBUTION_REGION_OPTIONS,
  MONETIZATION_OPTIONS,
  optionLabel,
  RELEASE_STATUS_OPTIONS,
  RELEASE_TYPE_LABELS,
  RIGHTS_TYPE_OPTIONS,
  type ReleaseDraft,
} from './release-draft';
import type { WizardAction } from './wizard-state';

/** Spec section 2: what happens after submitting. */
export const REVIEW_NOTICE =
  'Submitted releases are reviewed within 24 to 48 hours. We will notify you as soon as yours is approved.';

interface ReviewStepProps {
  draft: ReleaseDraft;
  dispatch: Dispatch<WizardAction>;
}

/** Step 5: everything at a glance, the rights confirmation that unlocks Submit, and the review notice. */
export function ReviewStep({ draft, dispatch }: ReviewStepProps) {
  const notGiven = <span className="text-ink-subtle">Not given</span>;
  const schedule = [draft.releaseDate, draft.releaseTime].filter(Boolean).join(' at ');

  return (
    <div className="grid grid-cols-1 gap-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-card border border-line bg-raised/40 p-3 sm:gap-x-6 sm:p-4">
        <Detail term="Release Type">{RELEASE_TYPE_LABELS[draft.releaseType]}</Detail>
        <Detail term="Artist Name">{draft.artist.trim() || notGiven}</Detail>
        <Detail term="Album Title">{draft.albumTitle.trim() || notGiven}</Detail>
        <Detail term="Genre">{draft.genre || notGiven}</Detail>
        <Detail term="Language">{draft.language}</Detail>
        <Detail term="Album Cover">{draft.albumCover?.name ?? notGiven}</Detail>
        <Detail term="Release">
          {optionLabel(RELEASE_STATUS_OPTIONS, draft.releaseStatus)}
          {schedule && `, ${schedule}`}
        </Detail>
        <Detail term="Rights">
          {optionLabel(RIGHTS_TYPE_OPTIONS, draft.rightsType)}
          {draft.originalWork && ', original work'}
        </Detail>
        <Detail term="Monetization">{optionLabel(MONETIZATION_OPTIONS, draft.monetization)}</Detail>
        <Detail term="Distribution Region">
          {optionLabel(DISTRIBUTION_REGION_OPTIONS, draft.distributionRegion)}
        </Detail>
      </dl>

      <section aria-labelledby="review-tracks-heading" className="grid grid-cols-1 gap-2">
        <h3 id="review-tracks-heading" className="font-semibold">
          Tracks ({draft.tracks.length})
        </h3>
        <ol className="grid grid-cols-1 divide-y divide-line rounded-card border border-line">
          {draft.tracks.map((track, index) => (
            <li key={track.key} className="grid min-w-0 gap-0.5 px-4 py-3">
              <span className="flex min-w-0 items-baseline gap-2">
                <span className="shrink-0 text-sm text-ink-subtle tabular-nums">{String(index + 1).padStart(2, '0')}</span>
                <span className="truncate font-medium">{track.title.trim() || 'Untitled'}</span>
                {track.explicitContent && (
                  <span className="shrink-0 rounded bg-overlay px-1.5 text-xs font-bold text-ink-muted">
                    <span aria-hidden>E</span>
                    <span className="sr-only">Explicit</span>
                  </span>
                )}
              </span>
              <span className="truncate text-xs text-ink-subtle">
                {track.audioFile
                  ? `${track.audioFile.name} (${formatFileSize(track.audioFile.size)})`
                  : 'No audio file'}
                {track.featuredArtists.trim() && ` · ft. ${track.featuredArtists.trim()}`}
                {track.instrumentalFile && ' · with instrumental'}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <CheckboxField
        id="release-rights-confirmation"
        label="I confirm that I own or have licensed the rights to this music and may distribute it"
        checked={draft.rightsConfirmed}
        onCheckedChange={(rightsConfirmed) => dispatch({ type: 'updateRelease', fields: { rightsConfirmed } })}
      />

      <p className="flex items-start gap-3 rounded-card bg-jade-900/60 p-4 text-sm text-jade-300">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0" />
        {REVIEW_NOTICE}
      </p>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium text-ink-subtle">{term}</dt>
      <dd className="truncate text-sm">{children}</dd>
    </div>
  );
}
