import { describe, expect, it } from 'vitest';
import { createReleaseDraft, createTrackDraft, type ReleaseDraft, type TrackDraft } from './release-draft';
import {
  canAddTrack,
  canRemoveTrack,
  describeTrackCountProblem,
  describeTrackRange,
  isMissingRequiredFields,
  isUploadFilesStepComplete,
  tracksForReleaseType,
} from './release-rules';

const audio = new File(['ID3'], 'song.mp3', { type: 'audio/mpeg' });

function track(key: number, fields: Partial<TrackDraft> = {}): TrackDraft {
  return { ...createTrackDraft(key), ...fields };
}

function completeDraft(fields: Partial<ReleaseDraft> = {}): ReleaseDraft {
  return {
    ...createReleaseDraft(1),
    artist: 'Asa',
    tracks: [track(1, { audioFile: audio, title: 'Jailer' })],
    ...fields,
  };
}

describe('track limits', () => {
  it('offers Add track only under the cap: single 1, EP 6, album 20', () => {
    expect(canAddTrack('single', 1)).toBe(false);
    expect(canAddTrack('ep', 5)).toBe(true);
    expect(canAddTrack('ep', 6)).toBe(false);
    expect(canAddTrack('album', 19)).toBe(true);
    expect(canAddTrack('album', 20)).toBe(false);
  });

  it('allows removal while more than one track remains', () => {
    expect(canRemoveTrack(1)).toBe(false);
    expect(canRemoveTrack(2)).toBe(true);
  });

  it('describes the ranges in words', () => {
    expect(describeTrackRange('single')).toBe('1 track');
    expect(describeTrackRange('ep')).toBe('2 to 6 tracks');
    expect(describeTrackRange('album')).toBe('7 to 20 tracks');
  });

  it('says what to add or remove when the count does not fit the type', () => {
    expect(describeTrackCountProblem('single', 1)).toBeNull();
    expect(describeTrackCountProblem('ep', 2)).toBeNull();
    expect(describeTrackCountProblem('ep', 6)).toBeNull();
    expect(describeTrackCountProblem('album', 7)).toBeNull();
    expect(describeTrackCountProblem('album', 20)).toBeNull();
    expect(describeTrackCountProblem('ep', 1)).toBe('An EP has 2 to 6 tracks. Add 1 track.');
    expect(describeTrackCountProblem('ep', 9)).toBe('An EP has 2 to 6 tracks. Remove 3 tracks.');
    expect(describeTrackCountProblem('album', 2)).toBe('An album has 7 to 20 tracks. Add 5 tracks.');
  });

  it('trims to one for a single and adds a second track only to a lone one', () => {
    const make = () => track(99);
    expect(tracksForReleaseType([track(1), track(2)], 'single', make).map((t) => t.key)).toEqual([1]);
    expect(tracksForReleaseType([track(1)], 'ep', make).map((t) => t.key)).toEqual([1, 99]);
    expect(tracksForReleaseType([track(1), track(2), track(3)], 'album', make).map((t) => t.key)).toEqual([1, 2, 3]);
  });
});

describe('step 1 completeness', () => {
  it('needs an audio file and a non-blank title on every track', () => {
    expect(isUploadFilesStepComplete([track(1, { audioFile: audio, title: 'One' })])).toBe(true);
    expect(isUploadFilesStepComplete([track(1, { title: 'One' })])).toBe(false);
    expect(isUploadFilesStepComplete([track(1, { audioFile: audio, title: '   ' })])).toBe(false);
    expect(
      isUploadFilesStepComplete([track(1, { audioFile: audio, title: 'One' }), track(2, { audioFile: audio })]),
    ).toBe(false);
  });
});

describe('submit validation (Missing Information)', () => {
  it('passes a complete single without an album title, genre or cover', () => {
    expect(isMissingRequiredFields(completeDraft({ genre: '', albumCover: null }))).toBe(false);
  });

  it('needs the artist, after trimming', () => {
    expect(isMissingRequiredFields(completeDraft({ artist: '  ' }))).toBe(true);
  });

  it('needs the album title unless the release is a single', () => {
    const tracks = [track(1, { audioFile: audio, title: 'A' }), track(2, { audioFile: audio, title: 'B' })];
    expect(isMissingRequiredFields(completeDraft({ releaseType: 'ep', tracks, albumTitle: ' ' }))).toBe(true);
    expect(isMissingRequiredFields(completeDraft({ releaseType: 'ep', tracks, albumTitle: 'Lagos' }))).toBe(false);
  });

  it('needs audio and a title on every track', () => {
    const tracks = [track(1, { audioFile: audio, title: 'A' }), track(2, { title: 'B' })];
    expect(isMissingRequiredFields(completeDraft({ releaseType: 'ep', tracks, albumTitle: 'Lagos' }))).toBe(true);
  });
});
