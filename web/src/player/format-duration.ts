/** Spec section 9: minutes:seconds with seconds padded to two digits; '--:--' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** What the seek slider announces: '0:18 of 3:05', or only '0:18' while the song's length is unknown. */
export function formatSeekPosition(position: number, length: number | null | undefined): string {
  const played = formatDuration(Math.max(0, position));
  return length !== null && length !== undefined && Number.isFinite(length) && length > 0
    ? `${played} of ${formatDuration(length)}`
    : played;
}
