import type { Song, StreamQuality } from '@kora/contracts';
import { readLimitSaverOn } from '../features/data-usage/data-limit';
import { readLocalSettings, type LocalSettings } from '../features/settings/local-settings';
import { browserPlaysOpus } from './playable-codecs';

/** The rendition to ask for: the listener's saver when one is on, else their streaming quality. */
export function chooseStreamQuality(settings: Pick<LocalSettings, 'dataSaver' | 'streamingQuality'>): StreamQuality {
  return settings.dataSaver === 'off' ? settings.streamingQuality : settings.dataSaver;
}

/**
 * The quality the next stream asks for, read from the settings as they are now: the extreme saver
 * while Kora switched to it at the monthly data limit (features/data-usage).
 */
export function readStreamingQuality(storage: Pick<Storage, 'getItem'> | null): StreamQuality {
  const settings = readLocalSettings(storage);
  return readLimitSaverOn(storage, settings) ? 'extreme-saver' : chooseStreamQuality(settings);
}

const SAVERS: readonly StreamQuality[] = ['extreme-saver', 'data-saver'];

/**
 * The URL the audio element loads: a local song's stream in the chosen rendition, or an
 * external preview through the server's audio proxy (spec section 7). Null when there is none.
 * A saver says the player plays Opus where it does, so the server can send its Opus rendition.
 */
export function getStreamUrl(song: Song, quality: StreamQuality, playsOpus = browserPlaysOpus()): string | null {
  if (!song.fileUrl) return null;
  if (song.isExternal) {
    const params = new URLSearchParams({ url: song.fileUrl, trackId: String(song.id) });
    return `/api/audio-proxy?${params.toString()}`;
  }
  const separator = song.fileUrl.includes('?') ? '&' : '?';
  const codecs = playsOpus && SAVERS.includes(quality) ? '&codecs=opus' : '';
  return `${song.fileUrl}${separator}quality=${quality}${codecs}`;
}
