import { STREAM_QUALITIES, type Song, type StreamQuality } from '@kora/contracts';

/** Local-only settings (spec section 3) live under this key; the settings dialog writes them. */
export const SETTINGS_STORAGE_KEY = 'kora-settings';

function isStreamQuality(value: unknown): value is StreamQuality {
  return typeof value === 'string' && (STREAM_QUALITIES as readonly string[]).includes(value);
}

/** The listener's streaming quality setting, 'auto' when unset or unreadable. */
export function readStreamingQuality(storage: Pick<Storage, 'getItem'> | null): StreamQuality {
  try {
    const settings: unknown = JSON.parse(storage?.getItem(SETTINGS_STORAGE_KEY) ?? 'null');
    if (typeof settings === 'object' && settings !== null && 'streamingQuality' in settings) {
      const quality = settings.streamingQuality;
      if (isStreamQuality(quality)) return quality;
    }
  } catch {
    // Unreadable settings fall back to the default below.
  }
  return 'auto';
}

/**
 * The URL the audio element loads: a local song's stream in the chosen rendition, or an
 * external preview through the server's audio proxy (spec section 7). Null when there is none.
 */
export function getStreamUrl(song: Song, quality: StreamQuality): string | null {
  if (!song.fileUrl) return null;
  if (song.isExternal) {
    const params = new URLSearchParams({ url: song.fileUrl, trackId: String(song.id) });
    return `/api/audio-proxy?${params.toString()}`;
  }
  const separator = song.fileUrl.includes('?') ? '&' : '?';
  return `${song.fileUrl}${separator}quality=${quality}`;
}
