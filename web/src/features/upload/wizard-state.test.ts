import { RELEASE_TRACK_LIMITS } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { createWizardState, LAST_STEP, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, createWizardState());
}

const audio = new File(['ID3'], 'song.mp3', { type: 'audio/mpeg' });

describe('wizard steps', () => {
  it('starts at step 1 with one empty track of a single', () => {
    const state = createWizardState();
    expect(state.step).toBe(1);
    expect(state.draft.releaseType).toBe('single');
    expect(state.draft.tracks).toHaveLength(1);
    expect(state.draft.rightsConfirmed).toBe(false);
  });

  it('Next advances up to step 5 and Previous goes back down to step 1', () => {
    const next: WizardAction = { type: 'next' };
    const previous: WizardAction = { type: 'previous' };
    expect(run(next).step).toBe(2);
    expect(run(next, next, next, next, next, next).step).toBe(LAST_STEP);
    expect(run(next, next, previous).step).toBe(2);
    expect(run(previous).step).toBe(1);
    expect(run(next, previous, previous).step).toBe(1);
  });

  it('reset starts again at step 1, empty, with a new generation', () => {
    const before = run(
      { type: 'setReleaseType', releaseType: 'ep' },
      { type: 'updateRelease', fields: { artist: 'Tems', rightsConfirmed: true } },
      { type: 'next' },
      { type: 'next' },
    );
    const after = wizardReducer(before, { type: 'reset' });
    expect(after.step).toBe(1);
    expect(after.draft).toEqual(createWizardState().draft);
    expect(after.generation).toBe(before.generation + 1);
  });
});

describe('release type and tracks', () => {
  it('choosing an EP or an album with one track adds a second, empty one', () => {
    for (const releaseType of ['ep', 'album'] as const) {
      const state = run(
        { type: 'updateTrack', key: 1, fields: { title: 'First', audioFile: audio } },
        { type: 'setReleaseType', releaseType },
      );
      expect(state.draft.releaseType).toBe(releaseType);
      expect(state.draft.tracks.map((track) => track.title)).toEqual(['First', '']);
      expect(state.draft.tracks[1]?.audioFile).toBeNull();
      expect(new Set(state.draft.tracks.map((track) => track.key)).size).toBe(2);
    }
  });

  it('choosing single trims to the first track', () => {
    const state = run(
      { type: 'setReleaseType', releaseType: 'album' },
      { type: 'addTrack' },
      { type: 'updateTrack', key: 1, fields: { title: 'Kept' } },
      { type: 'setReleaseType', releaseType: 'single' },
    );
    expect(state.draft.tracks.map((track) => track.title)).toEqual(['Kept']);
  });

  it('switching between EP and album keeps every track typed so far', () => {
    const state = run(
      { type: 'setReleaseType', releaseType: 'ep' },
      { type: 'addTrack' },
      { type: 'setReleaseType', releaseType: 'album' },
      { type: 'setReleaseType', releaseType: 'ep' },
    );
    expect(state.draft.tracks).toHaveLength(3);
  });

  it('adds tracks up to the cap of the type and no further', () => {
    for (const releaseType of ['single', 'ep', 'album'] as const) {
      const adds: WizardAction[] = Array.from({ length: 30 }, () => ({ type: 'addTrack' }));
      const state = run({ type: 'setReleaseType', releaseType }, ...adds);
      expect(state.draft.tracks).toHaveLength(RELEASE_TRACK_LIMITS[releaseType].max);
    }
  });

  it('removes the chosen track while more than one remains, never the last', () => {
    const ep = run({ type: 'setReleaseType', releaseType: 'ep' }, { type: 'addTrack' });
    const [first, second, third] = ep.draft.tracks;
    const removed = wizardReducer(ep, { type: 'removeTrack', key: second!.key });
    expect(removed.draft.tracks.map((track) => track.key)).toEqual([first!.key, third!.key]);

    const one = [first!, third!].reduce(
      (state, track) => wizardReducer(state, { type: 'removeTrack', key: track.key }),
      removed,
    );
    expect(one.draft.tracks).toHaveLength(1);
  });

  it('gives an added track a key no other track has had, so React never reuses a removed card', () => {
    const state = run(
      { type: 'setReleaseType', releaseType: 'ep' },
      { type: 'removeTrack', key: 2 },
      { type: 'addTrack' },
    );
    expect(state.draft.tracks.map((track) => track.key)).toEqual([1, 3]);
  });

  it('updates only the named track', () => {
    const state = run(
      { type: 'setReleaseType', releaseType: 'ep' },
      { type: 'updateTrack', key: 2, fields: { explicitContent: true, lyrics: 'Oya' } },
    );
    expect(state.draft.tracks[0]).toMatchObject({ explicitContent: false, lyrics: '' });
    expect(state.draft.tracks[1]).toMatchObject({ explicitContent: true, lyrics: 'Oya' });
  });
});
