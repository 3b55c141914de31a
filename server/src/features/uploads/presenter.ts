import type { Release } from '@kora/contracts';
import { mediaUrl } from '../media/routes.js';
import type { ReleaseDetails } from './queries.js';

/** A release as its uploader sees it in "My releases". */
export function presentRelease({ release, artist, tracks, job }: ReleaseDetails): Release {
  return {
    id: release.id,
    title: release.title,
    releaseType: release.releaseType,
    artist,
    status: release.status,
    rejectionReason: release.rejectionReason,
    progress: progressOf(release.status, job),
    // The first track's cover (its own or its album's): a release's cover lives on its album or songs.
    coverUrl: mediaUrl(tracks[0]?.coverKey ?? null),
    createdAt: release.createdAt.toISOString(),
    reviewedAt: release.reviewedAt?.toISOString() ?? null,
    tracks: tracks.map((track) => ({ id: track.id, title: track.title, status: track.status, duration: track.duration })),
  };
}

/** 0 to 100: the job's own figure while it works; 100 once the job or the review is done. */
function progressOf(status: Release['status'], job: ReleaseDetails['job']): number {
  if (status !== 'processing' || job?.status === 'done') return 100;
  return Math.min(100, Math.max(0, Math.round(job?.progress ?? 0)));
}
