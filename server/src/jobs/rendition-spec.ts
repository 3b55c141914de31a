import type { AudioCodec } from '@kora/contracts';

/** One rendition of a song: its codec (MP3, or Opus in WebM) and bitrate. */
export type RenditionSpec = { codec: AudioCodec; bitrateKbps: number };

/** How the made renditions of a song are told apart. */
export const renditionKey = ({ codec, bitrateKbps }: RenditionSpec) => `${codec}:${bitrateKbps}`;
