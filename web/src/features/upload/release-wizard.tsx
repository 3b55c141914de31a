import { MISSING_INFORMATION_MESSAGE, MISSING_INFORMATION_TITLE } from '@kora/contracts';
import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/use-toast';
import { useReleaseUpload } from './api';
import { describeTrackCountProblem, isMissingRequiredFields, isUploadFilesStepComplete } from './release-rules';
import { ReleaseInfoStep } from './release-info-step';
import { ReviewStep } from './review-step';
import { RightsStep } from './rights-step';
import { StepIndicator } from './step-indicator';
import { TrackDetailsStep } from './track-details-step';
import { UploadFilesStep } from './upload-files-step';
import { UploadProgressList } from './upload-progress-list';
import { createWizardState, LAST_STEP, WIZARD_STEPS, wizardReducer } from './wizard-state';

/**
 * The five-step release wizard (spec section 4). Next and Previous move one step; Next checks the
 * step's required fields and, when one is missing, names it beside the field and focuses it.
 * Submit waits for the rights confirmation. After a successful upload the wizard starts again at
 * step 1, empty.
 */
export function ReleaseWizard() {
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => createWizardState());
  const { step, draft } = state;
  const { upload, isPending, progress, cancel } = useReleaseUpload();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const hasMovedRef = useRef(false);

  // A new step is announced and read from its heading; not on the first render, which keeps the page's focus.
  useEffect(() => {
    if (hasMovedRef.current) headingRef.current?.focus();
  }, [step, state.generation]);

  // A refused Next takes the listener to the first field it named, which reads out its message.
  const firstProblemId = state.problems[0]?.fieldId;
  useEffect(() => {
    if (state.refusedNexts > 0 && firstProblemId) document.getElementById(firstProblemId)?.focus();
    // Only a new refusal moves the focus, not the list shrinking as fields are filled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.refusedNexts]);

  function move(action: 'next' | 'previous') {
    hasMovedRef.current = true;
    dispatch({ type: action });
  }

  // Spec section 4: Next on step 1 is disabled until every track has audio and a title. It is
  // marked so (aria-disabled) but still answers a press, naming what is missing (issue 14).
  const isNextMarkedDisabled = step === 1 && !isUploadFilesStepComplete(draft.tracks);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < LAST_STEP) {
      move('next');
      return;
    }
    if (isPending || !draft.rightsConfirmed) return;
    if (isMissingRequiredFields(draft)) {
      toast({ title: MISSING_INFORMATION_TITLE, description: MISSING_INFORMATION_MESSAGE, variant: 'destructive' });
      return;
    }
    const countProblem = describeTrackCountProblem(draft.releaseType, draft.tracks.length);
    if (countProblem) {
      toast({ title: 'Check the number of tracks', description: countProblem, variant: 'destructive' });
      return;
    }
    upload(draft, {
      onSuccess: () => {
        hasMovedRef.current = true;
        dispatch({ type: 'reset' });
      },
    });
  }

  const stepProps = { draft, dispatch };
  const checkedStepProps = { ...stepProps, problems: state.problems };

  return (
    <form
      aria-label="Release upload"
      noValidate
      onSubmit={handleSubmit}
      className="grid min-w-0 grid-cols-1 gap-6 rounded-card border border-line bg-surface p-3 sm:p-6"
    >
      <StepIndicator step={step} />
      <div key={state.generation} className="grid min-w-0 grid-cols-1 gap-5">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
          <span className="block text-xs font-semibold tracking-wide text-gold-400 uppercase">
            Step {step} of {LAST_STEP}
          </span>
          {WIZARD_STEPS[step - 1]}
        </h2>
        {/* While the files travel, what they say may not change under them. */}
        <fieldset disabled={isPending} aria-labelledby={headingId} className="min-w-0">
          {step === 1 && <UploadFilesStep {...checkedStepProps} />}
          {step === 2 && <TrackDetailsStep {...stepProps} />}
          {step === 3 && <ReleaseInfoStep {...checkedStepProps} />}
          {step === 4 && <RightsStep {...stepProps} />}
          {step === 5 && <ReviewStep {...stepProps} />}
        </fieldset>
      </div>

      {progress && <UploadProgressList upload={progress} onCancel={cancel} />}

      {/* Icons only from the small breakpoint: both buttons' words fit side by side on a phone. */}
      <div className="flex items-center justify-between gap-3 border-t border-line pt-5">
        <Button variant="outline" onClick={() => move('previous')} disabled={step === 1 || isPending}>
          <ArrowLeft aria-hidden className="max-sm:hidden" />
          Previous
        </Button>
        {step < LAST_STEP ? (
          <Button
            type="submit"
            aria-disabled={isNextMarkedDisabled || undefined}
            className="aria-disabled:opacity-40"
          >
            Next
            <ArrowRight aria-hidden className="max-sm:hidden" />
          </Button>
        ) : (
          <Button type="submit" disabled={isPending || !draft.rightsConfirmed}>
            <Send aria-hidden className="max-sm:hidden" />
            {isPending ? 'Submitting...' : 'Submit Release'}
          </Button>
        )}
      </div>
    </form>
  );
}
