import { RELEASE_TRACK_LIMITS } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { createWizardState, LAST_STEP, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, createWizardState());
}

const audio = new File(['ID3'], 'song.mp3', { type: 'audio/mpeg' });

/** A single with everything Next checks: the track's file and title, the artist and the genre. */
const filledSingle: WizardAction[] = [
  { type: 'updateTrack', key: 1, fields: { audioFile: audio, title: 'Jailer' } },
  { type: 'updateRelease', fields: { artist: 'Asa', genre: 'Afro-Pop' } },
];

describe('wizard steps', () => {
  it('starts at step 1 with one empty track of a single', () => {
    const state = createWizardState();
    expect(state.step).toBe(1);
    expect(state.draft.releaseType).toBe('single');
    expect(state.draft.tracks).toHaveLength(1);
    expect(state.draft.rightsConfirmed).toBe(false);
  });

  it('Next advances up to step 5 once each step is filled, and Previous goes back down to step 1', () => {
    const next: WizardAction = { type: 'next' };
    const previous: WizardAction = { type: 'previous' };
    expect(run(...filledSingle, next).step).toBe(2);
    expect(run(...filledSingle, next, next, next, next, next, next).step).toBe(LAST_STEP);
    expect(run(...filledSingle, next, next, previous).step).toBe(2);
    expect(run(previous).step).toBe(1);
    expect(run(...filledSingle, next, previous, previous).step).toBe(1);
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

describe('Next checks the step it leaves', () => {
  const next: WizardAction = { type: 'next' };

  it('stays on step 1 and names the missing audio file and title', () => {
    const state = run(next);
    expect(state.step).toBe(1);
    expect(state.problems.map((problem) => problem.fieldId)).toEqual(['track-1-audio', 'track-1-title']);
    expect(state.refusedNexts).toBe(1);
    // Pressed again with the same gap, the focus goes back to it.
    expect(wizardReducer(state, next).refusedNexts).toBe(2);
  });

  it('takes a message away once its field is filled, and names no field before Next does', () => {
    const refused = run(next);
    const titled = wizardReducer(refused, { type: 'updateTrack', key: 1, fields: { title: 'Jailer' } });
    expect(titled.problems.map((problem) => problem.fieldId)).toEqual(['track-1-audio']);

    // A track added after the refusal is empty too, but nobody pressed Next since.
    const added = wizardReducer(wizardReducer(titled, { type: 'setReleaseType', releaseType: 'ep' }), { type: 'addTrack' });
    expect(added.problems.map((problem) => problem.fieldId)).toEqual(['track-1-audio']);
    expect(run({ type: 'updateTrack', key: 1, fields: { title: 'x' } }).problems).toEqual([]);
  });

  it('renumbers a named track after an earlier one is removed', () => {
    const refused = run({ type: 'setReleaseType', releaseType: 'ep' }, { type: 'addTrack' }, next);
    expect(refused.problems.at(-1)?.message).toBe('Enter the title of track 3.');
    const removed = wizardReducer(refused, { type: 'removeTrack', key: 1 });
    expect(removed.problems.at(-1)).toEqual({ fieldId: 'track-3-title', message: 'Enter the title of track 2.' });
  });

  it('catches an EP\'s missing album title on step 3, not on step 5', () => {
    const state = run(
      { type: 'setReleaseType', releaseType: 'ep' },
      { type: 'updateTrack', key: 1, fields: { audioFile: audio, title: 'Danfo' } },
      { type: 'updateTrack', key: 2, fields: { audioFile: audio, title: 'Okada' } },
      next,
      next,
      { type: 'updateRelease', fields: { artist: 'Asa', genre: 'Highlife' } },
      next,
    );
    expect(state.step).toBe(3);
    expect(state.problems).toEqual([
      { fieldId: 'release-album-title', message: 'Enter the album title: an EP needs one.' },
    ]);
    const titled = wizardReducer(state, { type: 'updateRelease', fields: { albumTitle: 'Eko' } });
    expect(titled.problems).toEqual([]);
    expect(wizardReducer(titled, next).step).toBe(4);
  });

  it('lets step 2 go with nothing filled in, and Previous forgets the messages', () => {
    const onStep3 = run(...filledSingle, next, next, { type: 'updateRelease', fields: { artist: '' } }, next);
    expect(onStep3.step).toBe(3);
    expect(onStep3.problems).toHaveLength(1);
    const back = wizardReducer(onStep3, { type: 'previous' });
    expect(back.step).toBe(2);
    expect(back.problems).toEqual([]);
  });
});
