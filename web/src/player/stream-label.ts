import { STREAM_RENDITION_HEADER, type Song } from '@kora/contracts';

/** What the player says of a song played from its download on this device. */
export const DOWNLOADED: StreamDescription = { label: 'Downloaded', kbps: null };

const CODEC_NAMES: Record<string, string> = { opus: 'Opus', mp3: 'MP3' };

/** What plays: the label the player shows, and its bitrate where the server named one. */
export type StreamDescription = { label: string; kbps: number | null };

/** The server's name of a rendition ("opus 48", "mp3 128", "original") as the player shows it. */
export function describeRendition(header: string | null): StreamDescription | null {
  if (header === 'original') return { label: 'Original file', kbps: null };
  const match = /^([a-z0-9]+) (\d+)$/.exec(header ?? '');
  const codec = match && CODEC_NAMES[match[1]!];
  return codec ? { label: `${codec} ${match[2]} kbps`, kbps: Number(match[2]) } : null;
}

/**
 * Asks the stream what it serves with HEAD: the same plan, quality and codec rules as the audio's
 * own request, and no audio bytes. External previews come through the audio proxy, which cannot tell.
 */
export async function fetchStreamDescription(song: Song, url: string, signal: AbortSignal): Promise<StreamDescription | null> {
  if (song.isExternal) return null;
  const response = await fetch(url, { method: 'HEAD', credentials: 'include', signal });
  return response.ok ? describeRendition(response.headers.get(STREAM_RENDITION_HEADER)) : null;
}
