import { createReleaseDraft, createTrackDraft, type ReleaseDraft, type ReleaseType, type TrackDraft } from './release-draft';
import { canAddTrack, canRemoveTrack, tracksForReleaseType } from './release-rules';

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
  return { step: 1, draft: createReleaseDraft(1), nextTrackKey: 2, generation };
}

function withTracks(state: WizardState, tracks: TrackDraft[], nextTrackKey = state.nextTrackKey): WizardState {
  return { ...state, draft: { ...state.draft, tracks }, nextTrackKey };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      return { ...state, step: Math.min(state.step + 1, LAST_STEP) };
    case 'previous':
      return { ...state, step: Math.max(state.step - 1, 1) };
    case 'setReleaseType': {
      let nextKey = state.nextTrackKey;
      const tracks = tracksForReleaseType(state.draft.tracks, action.releaseType, () => createTrackDraft(nextKey++));
      return { ...state, draft: { ...state.draft, releaseType: action.releaseType, tracks }, nextTrackKey: nextKey };
    }
    case 'updateRelease':
      return { ...state, draft: { ...state.draft, ...action.fields } };
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
