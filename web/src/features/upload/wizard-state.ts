import { createReleaseDraft, createTrackDraft, type ReleaseDraft, type ReleaseType, type TrackDraft } from './release-draft';
import { canAddTrack, canRemoveTrack, findStepProblems, tracksForReleaseType, type FieldProblem } from './release-rules';

/** Spec section 4: the wizard's five steps, in order. */
export const WIZARD_STEPS = [
  'Upload Files',
  'Track Details',
  'Release Info',
  'Rights & Distribution',
  'Review & Submit',
] as const;
export const LAST_STEP = WIZARD_STEPS.length;

export interface WizardState {
  /** 1 to 5. */
  step: number;
  draft: ReleaseDraft;
  /** The key the next new track gets. */
  nextTrackKey: number;
  /** Changes at every reset, so the form's inputs are mounted afresh and forget their files. */
  generation: number;
  /** The required fields a refused Next named, shown beside them until they are filled. */
  problems: FieldProblem[];
  /** Counts refused Nexts: each one moves the focus to the first problem, even the same one again. */
  refusedNexts: number;
}

/** The release fields a single edit may change (tracks have their own actions). */
export type ReleaseFields = Partial<Omit<ReleaseDraft, 'releaseType' | 'tracks'>>;
export type TrackFields = Partial<Omit<TrackDraft, 'key'>>;

export type WizardAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'setReleaseType'; releaseType: ReleaseType }
  | { type: 'updateRelease'; fields: ReleaseFields }
  | { type: 'addTrack' }
  | { type: 'removeTrack'; key: number }
  | { type: 'updateTrack'; key: number; fields: TrackFields }
  | { type: 'reset' };

export function createWizardState(generation = 0): WizardState {
  return { step: 1, draft: createReleaseDraft(1), nextTrackKey: 2, generation, problems: [], refusedNexts: 0 };
}

/**
 * An edited draft. Problems already shown are checked again, so a message goes once its field is
 * filled (and a track's number follows a removal); fields not named yet are not blamed before Next.
 */
function withDraft(state: WizardState, draft: ReleaseDraft, nextTrackKey = state.nextTrackKey): WizardState {
  const shown = new Set(state.problems.map((problem) => problem.fieldId));
  const problems =
    shown.size === 0 ? state.problems : findStepProblems(draft, state.step).filter((problem) => shown.has(problem.fieldId));
  return { ...state, draft, nextTrackKey, problems };
}

function withTracks(state: WizardState, tracks: TrackDraft[], nextTrackKey = state.nextTrackKey): WizardState {
  return withDraft(state, { ...state.draft, tracks }, nextTrackKey);
}

/** Next checks the step's required fields first (issue 14): the step changes only when none is missing. */
function goNext(state: WizardState): WizardState {
  const problems = findStepProblems(state.draft, state.step);
  if (problems.length > 0) return { ...state, problems, refusedNexts: state.refusedNexts + 1 };
  return { ...state, step: Math.min(state.step + 1, LAST_STEP), problems: [] };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      return goNext(state);
    case 'previous':
      return { ...state, step: Math.max(state.step - 1, 1), problems: [] };
    case 'setReleaseType': {
      let nextKey = state.nextTrackKey;
      const tracks = tracksForReleaseType(state.draft.tracks, action.releaseType, () => createTrackDraft(nextKey++));
      return withDraft(state, { ...state.draft, releaseType: action.releaseType, tracks }, nextKey);
    }
    case 'updateRelease':
      return withDraft(state, { ...state.draft, ...action.fields });
    case 'addTrack': {
      const { tracks, releaseType } = state.draft;
      if (!canAddTrack(releaseType, tracks.length)) return state;
      return withTracks(state, [...tracks, createTrackDraft(state.nextTrackKey)], state.nextTrackKey + 1);
    }
    case 'removeTrack': {
      const { tracks } = state.draft;
      if (!canRemoveTrack(tracks.length)) return state;
      return withTracks(
        state,
        tracks.filter((track) => track.key !== action.key),
      );
    }
    case 'updateTrack':
      return withTracks(
        state,
        state.draft.tracks.map((track) => (track.key === action.key ? { ...track, ...action.fields } : track)),
      );
    case 'reset':
      return createWizardState(state.generation + 1);
  }
}
