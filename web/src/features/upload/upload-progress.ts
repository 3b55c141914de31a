/**
 * Splits the progress of one request body across the files in it, in the order they travel.
 * The body also holds text fields and part headers, a few hundred bytes beside the files, so
 * the bytes sent are scaled to the files' share of the body; each file then fills from where
 * the previous one ended. Returns each file's fraction sent, 0 to 1.
 */
export function splitUploadProgress(loaded: number, total: number, fileSizes: number[]): number[] {
  const filesBytes = fileSizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0) return fileSizes.map(() => 0);
  if (filesBytes === 0) return fileSizes.map(() => (loaded >= total ? 1 : 0));

  const sentFileBytes = (Math.min(loaded, total) / total) * filesBytes;
  let start = 0;
  return fileSizes.map((size) => {
    const fraction = size === 0 ? (sentFileBytes >= start ? 1 : 0) : clamp((sentFileBytes - start) / size);
    start += size;
    return fraction;
  });
}

function clamp(fraction: number): number {
  return Math.min(1, Math.max(0, fraction));
}

/** A fraction as a whole percentage for a progress bar; 100 only when everything is sent. */
export function toPercent(fraction: number): number {
  return fraction >= 1 ? 100 : Math.min(99, Math.floor(fraction * 100));
}
