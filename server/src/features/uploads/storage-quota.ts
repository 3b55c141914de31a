import { storageQuotaMessage } from '@kora/contracts';
import { PayloadTooLarge } from '../../http/errors.js';
import { renditionSpecs } from '../../jobs/renditions.js';
import type { UploadFormSpec, UploadLimits } from './upload-form.js';
import type { UploadPlan } from './upload-plans.js';

/**
 * A listener's storage quota (UPLOAD_QUOTA_MB). Their usage is, over their releases whose media has
 * not been deleted (a rejected release's is, after REJECTED_MEDIA_GRACE_DAYS): the bytes of the
 * audio, instrumental and cover files they uploaded (as the uploads table records them, an identical
 * file uploaded twice counting twice), plus the renditions made of their songs, or for a release
 * still processing the larger of those and the renditions reserved for it (renditionsReserve). The
 * smaller copies of covers and a cover taken from a track's embedded picture are not counted.
 */

/** What is left of a listener's quota when an upload starts; `refuse` is its 413. */
export type StorageRoom = { remainingBytes: number; refuse(): PayloadTooLarge };

export function storageRoom(quotaBytes: number, usedBytes: number): StorageRoom {
  const remainingBytes = Math.max(0, quotaBytes - usedBytes);
  return { remainingBytes, refuse: () => new PayloadTooLarge(storageQuotaMessage(quotaBytes, remainingBytes)) };
}

/**
 * What the renditions of these tracks will take: the review makes the renditions renditionSpecs
 * chooses, each about its bitrate times the track's length (MP3 and Opus both at a constant
 * bitrate). A track without a length makes none (the review refuses it).
 */
export function renditionsReserve(plan: UploadPlan): number {
  let bytes = 0;
  for (const { audio } of plan.tracks) {
    if (audio.probe.duration === null) continue;
    for (const { bitrateKbps: kbps } of renditionSpecs(audio.probe)) bytes += Math.ceil(audio.probe.duration * kbps * 125);
  }
  return bytes;
}

/** The bytes this upload adds to its uploader's usage once committed: its files and its renditions' reserve. */
export function uploadBytes(plan: UploadPlan): number {
  const files = plan.tracks.reduce((sum, track) => sum + track.audio.size + (track.instrumental?.size ?? 0), 0);
  return files + (plan.cover?.size ?? 0) + renditionsReserve(plan);
}

// A part's boundary line and headers (name, file name, type), generously.
const PART_OVERHEAD_BYTES = 1024;

/**
 * The bytes of a form's body that may not end up stored: its text fields, its cover images (stored
 * re-encoded, often smaller) and the multipart framing. A body longer than the room by more than
 * this cannot fit, whatever it holds.
 */
export function formOverheadBytes(spec: UploadFormSpec, limits: UploadLimits, fieldMaxBytes: number): number {
  return spec.maxFields * fieldMaxBytes + spec.maxCovers * limits.maxCoverBytes + (spec.maxFields + spec.maxFiles + 1) * PART_OVERHEAD_BYTES;
}
