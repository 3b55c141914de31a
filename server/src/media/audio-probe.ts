import type { Readable } from 'node:stream';
import { AUDIO_FORMATS } from '@kora/contracts';
import { type IAudioMetadata, parseStream, selectCover } from 'music-metadata';
import { UnsupportedMediaType } from '../http/errors.js';

/** The audio formats Kora accepts (spec section 4's list), by the name of their stored files' extension. */
export type AudioFormat = 'mp3' | 'wav' | 'flac' | 'aac' | 'ogg' | 'm4a';

/** Extension of a stored key and the Content-Type it is served with (features/media/content-types.ts agrees). */
export const AUDIO_FORMAT_FILES: Record<AudioFormat, { extension: AudioFormat; contentType: string }> = {
  mp3: { extension: 'mp3', contentType: 'audio/mpeg' },
  wav: { extension: 'wav', contentType: 'audio/wav' },
  flac: { extension: 'flac', contentType: 'audio/flac' },
  aac: { extension: 'aac', contentType: 'audio/aac' },
  ogg: { extension: 'ogg', contentType: 'audio/ogg' },
  m4a: { extension: 'm4a', contentType: 'audio/mp4' },
};

export const NOT_SUPPORTED_AUDIO_MESSAGE = `This file is not a supported audio format (${AUDIO_FORMATS.slice(0, -1).join(', ')} or ${AUDIO_FORMATS.at(-1)}).`;

export type AudioProbe = {
  format: AudioFormat;
  /** music-metadata's names, e.g. container 'MPEG' and codec 'MPEG 1 Layer 3'. */
  container: string;
  codec: string;
  /** Seconds; null when the file does not say and cannot be measured. */
  duration: number | null;
  /** Bits per second. */
  bitrate: number | null;
  lossless: boolean;
  sampleRate: number;
  channels: number | null;
  tags: { title?: string; artist?: string; album?: string; year?: number; genre?: string; trackNumber?: number };
  /** The embedded cover art, when asked for and present. */
  picture: { data: Buffer; mime: string } | null;
};

/** How many leading bytes sniffAudioFormat wants, when the file has them. */
export const AUDIO_SNIFF_BYTES = 64 * 1024;

// Some encoders write a few bytes before the first MPEG frame; music-metadata tolerates 10 too.
const MPEG_SYNC_TOLERANCE = 10;

/**
 * The format the first bytes of a file announce, or undefined when they announce none Kora accepts
 * (text, images, other media). A first look, so a stored key gets the right extension before the
 * whole file has arrived; probeAudio has the last word. An ID3 tag larger than `head` hides what
 * follows it: such a file is taken for an MP3 (nearly every ID3-tagged file is one).
 */
export function sniffAudioFormat(head: Buffer): AudioFormat | undefined {
  if (head.length >= 10 && head.toString('latin1', 0, 3) === 'ID3') {
    const footer = head[5]! & 0x10 ? 10 : 0;
    // The tag's size is "syncsafe": 7 bits per byte.
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    const audioStart = 10 + size + footer;
    return head.length >= audioStart + 12 ? sniffAudioFormat(head.subarray(audioStart)) : 'mp3';
  }
  if (head.length < 12) return undefined;
  const ascii = (start: number, end: number) => head.toString('latin1', start, end);
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(4, 8) === 'ftyp') return 'm4a';
  for (let offset = 0; offset <= MPEG_SYNC_TOLERANCE && offset + 1 < head.length; offset++) {
    const [first, second] = [head[offset]!, head[offset + 1]!];
    if (first !== 0xff || (second & 0xe0) !== 0xe0) continue;
    const layer = (second >> 1) & 0x03;
    // ADTS: MPEG-4 or MPEG-2 sync with layer 0; MPEG audio layer III: layer bits 01.
    if ((second & 0xf6) === 0xf0) return 'aac';
    if (layer === 0x01) return 'mp3';
  }
  return undefined;
}

/**
 * Judges a file by its content with music-metadata and describes it. Throws 415 for anything that
 * is not MP3, WAV, FLAC, AAC (ADTS), Ogg (Vorbis, Opus or FLAC) or M4A (AAC or ALAC, no video), or
 * that is too damaged to read. Errors of the stream itself (a storage failure) are rethrown as they are.
 */
export async function probeAudio(stream: Readable, options: { size?: number; withPicture?: boolean } = {}): Promise<AudioProbe> {
  let streamError: unknown;
  stream.once('error', (error) => (streamError = error));
  let metadata: IAudioMetadata;
  try {
    // No MIME type or file name is passed: the parser is chosen by the bytes alone. `duration` makes
    // it count frames when no header gives the length (raw AAC); an MP3 is measured in milliseconds.
    metadata = await parseStream(stream, options.size === undefined ? undefined : { size: options.size }, {
      duration: true,
      skipCovers: !options.withPicture,
    });
  } catch {
    if (streamError) throw streamError;
    throw new UnsupportedMediaType(NOT_SUPPORTED_AUDIO_MESSAGE);
  } finally {
    // The parser stops reading once it knows enough; the rest of the file is not needed.
    stream.destroy();
  }
  if (streamError) throw streamError;
  return describe(metadata, options.withPicture === true);
}

function describe({ format, common }: IAudioMetadata, withPicture: boolean): AudioProbe {
  const kind = formatOf(format.container, format.codec);
  if (!kind || format.hasAudio === false || format.hasVideo === true || !format.sampleRate) {
    throw new UnsupportedMediaType(NOT_SUPPORTED_AUDIO_MESSAGE);
  }
  const cover = withPicture ? selectCover(common.picture) : null;
  const duration = format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0 ? format.duration : null;
  return {
    format: kind,
    container: format.container!,
    codec: format.codec!,
    duration,
    bitrate: format.bitrate !== undefined && Number.isFinite(format.bitrate) ? Math.round(format.bitrate) : null,
    lossless: format.lossless === true,
    sampleRate: format.sampleRate,
    channels: format.numberOfChannels ?? null,
    tags: {
      ...(common.title ? { title: repairUtf8(common.title) } : {}),
      ...(common.artist ? { artist: repairUtf8(common.artist) } : {}),
      ...(common.album ? { album: repairUtf8(common.album) } : {}),
      ...(common.year ? { year: common.year } : {}),
      ...(common.genre?.[0] ? { genre: repairUtf8(common.genre[0]) } : {}),
      ...(common.track.no ? { trackNumber: common.track.no } : {}),
    },
    picture: cover ? { data: Buffer.from(cover.data), mime: cover.format } : null,
  };
}

/**
 * A WAV file's INFO tags have no declared encoding and are read as Latin-1, but encoders write
 * UTF-8: 'AdÃ©' is 'Adé'. Text that is not UTF-8 read as Latin-1 is kept as it is.
 */
function repairUtf8(text: string): string {
  if (!/[\u0080-\u00ff]/.test(text) || /[\u0100-\uffff]/.test(text)) return text;
  const decoded = Buffer.from(text, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? text : decoded;
}

/** Maps music-metadata's container and codec names to an accepted format. */
function formatOf(container: string | undefined, codec: string | undefined): AudioFormat | undefined {
  if (!container || !codec) return undefined;
  if (container === 'MPEG') return /Layer 3$/.test(codec) ? 'mp3' : undefined;
  if (container.startsWith('ADTS')) return 'aac';
  if (container === 'WAVE') return 'wav';
  if (container === 'FLAC') return 'flac';
  if (container === 'Ogg') return /^(Vorbis|Opus|FLAC)/.test(codec) ? 'ogg' : undefined;
  // MP4 files name their brands as the container ('M4A/isom/iso2', 'mp42/isom'); the codec tells audio from the rest.
  if (/^(MPEG-4\/AAC|ALAC)$/.test(codec)) return 'm4a';
  return undefined;
}
