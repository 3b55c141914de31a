import { BYTES_PER_MB, type DataUsageKind } from '@kora/contracts';
import { formatFileSize } from '../upload/audio-file';

/** Bytes as the meter shows them: '0 KB', '820 KB', '12.4 MB', '1.2 GB'. */
export function formatDataAmount(bytes: number): string {
  return bytes === 0 ? '0 KB' : formatFileSize(bytes);
}

/** A limit in megabytes as the select shows it: '500 MB', '1 GB', '1.5 GB'. */
export function formatLimit(limitMb: number): string {
  return formatFileSize(limitMb * BYTES_PER_MB);
}

const CODEC_NAMES: Record<string, string> = { opus: 'Opus', mp3: 'MP3' };

/** The server's quality label ('opus-48', 'mp3-128', 'original') in words: 'Opus 48 kbps'. */
export function describeQuality(quality: string): string {
  if (quality === 'original') return 'Original upload';
  const match = /^([a-z0-9]+)-(\d+)$/.exec(quality);
  const codec = match && CODEC_NAMES[match[1]!];
  return codec ? `${codec} ${match[2]} kbps` : 'Other';
}

export const KIND_LABELS: Record<DataUsageKind, string> = {
  stream: 'Streaming',
  download: 'Downloads',
  preview: '30-second previews',
  cover: 'Covers and pictures',
};

const monthFormat = new Intl.DateTimeFormat('en-NG', { month: 'long', timeZone: 'UTC' });

/** 'July' for '2025-07'. */
export function monthNameOf(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}
