import { RELEASE_LANGUAGES, type RELEASE_TYPES } from '@kora/contracts';

export type ReleaseType = (typeof RELEASE_TYPES)[number];

/** One track as the wizard holds it; `key` tells React which card is which after a removal. */
export interface TrackDraft {
  key: number;
  audioFile: File | null;
  title: string;
  featuredArtists: string;
  producers: string;
  lyrics: string;
  explicitContent: boolean;
  instrumentalFile: File | null;
}

export const RELEASE_STATUS_OPTIONS = [
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
  { value: 'presave', label: 'Pre-save' },
] as const;
export const RIGHTS_TYPE_OPTIONS = [
  { value: 'original', label: 'Original' },
  { value: 'licensed', label: 'Licensed' },
  { value: 'label', label: 'Label' },
] as const;
export const MONETIZATION_OPTIONS = [
  { value: 'free', label: 'Free' },
  { value: 'premium', label: 'Premium' },
  { value: 'ads', label: 'Ads' },
] as const;
export const DISTRIBUTION_REGION_OPTIONS = [
  { value: 'global', label: 'Global' },
  { value: 'nigeria_only', label: 'Nigeria only' },
  { value: 'west_africa', label: 'West Africa' },
  { value: 'africa', label: 'Africa' },
  { value: 'custom', label: 'Custom' },
] as const;

type OptionValue<T extends readonly { value: string }[]> = T[number]['value'];

/**
 * The whole release form. Genre and language hold the spec's display names (sent lowercased).
 * Release date and time, status, the original-work confirmation, rights type, monetization and
 * distribution region are part of the form but not sent (spec section 3).
 */
export interface ReleaseDraft {
  releaseType: ReleaseType;
  artist: string;
  genre: string;
  language: string;
  albumTitle: string;
  albumCover: File | null;
  releaseDate: string;
  releaseTime: string;
  releaseStatus: OptionValue<typeof RELEASE_STATUS_OPTIONS>;
  originalWork: boolean;
  rightsType: OptionValue<typeof RIGHTS_TYPE_OPTIONS>;
  monetization: OptionValue<typeof MONETIZATION_OPTIONS>;
  distributionRegion: OptionValue<typeof DISTRIBUTION_REGION_OPTIONS>;
  rightsConfirmed: boolean;
  tracks: TrackDraft[];
}

export function createTrackDraft(key: number): TrackDraft {
  return {
    key,
    audioFile: null,
    title: '',
    featuredArtists: '',
    producers: '',
    lyrics: '',
    explicitContent: false,
    instrumentalFile: null,
  };
}

export function createReleaseDraft(firstTrackKey: number): ReleaseDraft {
  return {
    releaseType: 'single',
    artist: '',
    genre: '',
    language: RELEASE_LANGUAGES[0],
    albumTitle: '',
    albumCover: null,
    releaseDate: '',
    releaseTime: '',
    releaseStatus: 'public',
    originalWork: false,
    rightsType: 'original',
    monetization: 'free',
    distributionRegion: 'global',
    rightsConfirmed: false,
    tracks: [createTrackDraft(firstTrackKey)],
  };
}

export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = { single: 'Single', ep: 'EP', album: 'Album' };

/** The label of an option value, for the review step. */
export function optionLabel<T extends readonly { value: string; label: string }[]>(options: T, value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
