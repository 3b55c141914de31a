import { describe, expect, it } from 'vitest';
import { createReleaseDraft, createTrackDraft, type ReleaseDraft, type TrackDraft } from './release-draft';
import {
  canAddTrack,
  canRemoveTrack,
  describeTrackCountProblem,
  describeTrackRange,
  findStepProblems,
  isMissingRequiredFields,
  isUploadFilesStepComplete,
  messageFor,
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

describe('the checks of Next, per step', () => {
  const twoTracks = [track(1, { audioFile: audio, title: 'A' }), track(2, { audioFile: audio, title: 'B' })];

  it('step 1 names each track\'s missing audio file and title, in the order they appear', () => {
    const draft = completeDraft({
      releaseType: 'ep',
      tracks: [track(1, { title: 'A' }), track(5, { audioFile: audio, title: ' ' }), track(6)],
    });
    expect(findStepProblems(draft, 1)).toEqual([
      { fieldId: 'track-1-audio', message: 'Choose the audio file of track 1.' },
      { fieldId: 'track-5-title', message: 'Enter the title of track 2.' },
      { fieldId: 'track-6-audio', message: 'Choose the audio file of track 3.' },
      { fieldId: 'track-6-title', message: 'Enter the title of track 3.' },
    ]);
    expect(findStepProblems(completeDraft(), 1)).toEqual([]);
  });

  it('step 1 also refuses a number of tracks the type does not allow', () => {
    const seven = Array.from({ length: 7 }, (_, index) => track(index + 1, { audioFile: audio, title: `T${index}` }));
    expect(findStepProblems(completeDraft({ releaseType: 'ep', tracks: seven }), 1)).toEqual([
      { fieldId: 'release-tracks', message: 'An EP has 2 to 6 tracks. Remove 1 track.' },
    ]);
  });

  it('step 3 names the artist, the album title of an EP or album, and the genre', () => {
    const empty = completeDraft({ releaseType: 'ep', tracks: twoTracks, artist: ' ', albumTitle: '', genre: '' });
    expect(findStepProblems(empty, 3)).toEqual([
      { fieldId: 'release-artist', message: 'Enter the artist name.' },
      { fieldId: 'release-album-title', message: 'Enter the album title: an EP needs one.' },
      { fieldId: 'release-genre', message: 'Choose a genre.' },
    ]);
    const album = completeDraft({ releaseType: 'album', genre: 'Afrobeats', albumTitle: '  ' });
    expect(findStepProblems(album, 3)).toEqual([
      { fieldId: 'release-album-title', message: 'Enter the album title: an album needs one.' },
    ]);
  });

  it('step 3 lets a single go without an album title', () => {
    expect(findStepProblems(completeDraft({ genre: 'Fuji', albumTitle: '' }), 3)).toEqual([]);
  });

  it('steps 2, 4 and 5 hold nothing Next checks', () => {
    const empty = createReleaseDraft(1);
    for (const step of [2, 4, 5]) expect(findStepProblems(empty, step)).toEqual([]);
  });

  it('finds the message of one field', () => {
    const problems = findStepProblems(createReleaseDraft(1), 3);
    expect(messageFor(problems, 'release-artist')).toBe('Enter the artist name.');
    expect(messageFor(problems, 'release-language')).toBeUndefined();
  });
});
