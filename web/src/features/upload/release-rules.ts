import { RELEASE_TRACK_LIMITS } from '@kora/contracts';
import type { ReleaseDraft, ReleaseType, TrackDraft } from './release-draft';

/** Spec section 4: Add track shows while the release is under its type's cap. */
export function canAddTrack(releaseType: ReleaseType, trackCount: number): boolean {
  return trackCount < RELEASE_TRACK_LIMITS[releaseType].max;
}

/** Spec section 4: a track may be removed while more than one remains. */
export function canRemoveTrack(trackCount: number): boolean {
  return trackCount > 1;
}

/**
 * Spec section 4: choosing single trims to one track; choosing an EP or an album while there is
 * one track adds a second, empty one. Other counts are left alone (nothing typed is thrown away).
 */
export function tracksForReleaseType(
  tracks: TrackDraft[],
  releaseType: ReleaseType,
  createTrack: () => TrackDraft,
): TrackDraft[] {
  if (releaseType === 'single') return tracks.slice(0, 1);
  if (tracks.length === 1) return [...tracks, createTrack()];
  return tracks;
}

function hasAudioAndTitle(track: TrackDraft): boolean {
  return track.audioFile !== null && track.title.trim() !== '';
}

/** Spec section 4: Next on step 1 stays disabled until every track has an audio file and a title. */
export function isUploadFilesStepComplete(tracks: TrackDraft[]): boolean {
  return tracks.every(hasAudioAndTitle);
}

/**
 * Spec section 5: every track needs audio and a title, the artist is required, and the album
 * title too unless the release is a single. Genre and cover are marked required but not checked.
 */
export function isMissingRequiredFields(draft: ReleaseDraft): boolean {
  if (!isUploadFilesStepComplete(draft.tracks)) return true;
  if (!draft.artist.trim()) return true;
  return draft.releaseType !== 'single' && !draft.albumTitle.trim();
}

const TYPE_NAMES: Record<ReleaseType, string> = { single: 'A single', ep: 'An EP', album: 'An album' };

function formatTracks(count: number): string {
  return `${count} ${count === 1 ? 'track' : 'tracks'}`;
}

/** How many tracks a release of this type holds, in words: '2 to 6 tracks'. */
export function describeTrackRange(releaseType: ReleaseType): string {
  const { min, max } = RELEASE_TRACK_LIMITS[releaseType];
  return min === max ? formatTracks(min) : `${min} to ${max} tracks`;
}

/** 'An EP has 2 to 6 tracks.' */
export function describeTrackRule(releaseType: ReleaseType): string {
  return `${TYPE_NAMES[releaseType]} has ${describeTrackRange(releaseType)}.`;
}

/**
 * What is wrong with the number of tracks, or null when it fits the type. Switching an album to
 * an EP, or removing tracks, can leave a count the server would refuse; saying so before the
 * upload spares the listener sending every file for nothing.
 */
export function describeTrackCountProblem(releaseType: ReleaseType, trackCount: number): string | null {
  const { min, max } = RELEASE_TRACK_LIMITS[releaseType];
  const rule = describeTrackRule(releaseType);
  if (trackCount < min) return `${rule} Add ${formatTracks(min - trackCount)}.`;
  if (trackCount > max) return `${rule} Remove ${formatTracks(trackCount - max)}.`;
  return null;
}
