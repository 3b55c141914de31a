import type { Release } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { findFinishedReleases, isAnyReleaseProcessing } from './release-status';

function release(id: number, status: Release['status']): Release {
  return {
    id,
    title: `Release ${id}`,
    releaseType: 'single',
    artist: { id: 1, name: 'Asa' },
    status,
    rejectionReason: status === 'rejected' ? 'Track 1 could not be decoded.' : null,
    progress: status === 'processing' ? 40 : 100,
    coverUrl: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    reviewedAt: null,
    tracks: [],
  };
}

describe('isAnyReleaseProcessing', () => {
  it('is true while at least one release is processing', () => {
    expect(isAnyReleaseProcessing([release(1, 'live'), release(2, 'processing')])).toBe(true);
    expect(isAnyReleaseProcessing([release(1, 'live'), release(2, 'rejected')])).toBe(false);
    expect(isAnyReleaseProcessing([])).toBe(false);
    expect(isAnyReleaseProcessing(undefined)).toBe(false);
  });
});

describe('findFinishedReleases', () => {
  it('finds releases that were processing and are now live or rejected', () => {
    const previous = [release(1, 'processing'), release(2, 'processing'), release(3, 'live')];
    const next = [release(1, 'live'), release(2, 'rejected'), release(3, 'live')];
    expect(findFinishedReleases(previous, next).map((r) => r.id)).toEqual([1, 2]);
  });

  it('finds a new release that was already reviewed before the list was asked again', () => {
    expect(findFinishedReleases([release(1, 'live')], [release(2, 'live'), release(1, 'live')]).map((r) => r.id)).toEqual([2]);
  });

  it('ignores releases still processing, and everything on the first answer', () => {
    expect(findFinishedReleases([release(1, 'processing')], [release(1, 'processing'), release(2, 'processing')])).toEqual([]);
    expect(findFinishedReleases(undefined, [release(1, 'live')])).toEqual([]);
  });
});
