const byExtension: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  // Kora stores only audio in WebM: the Opus renditions.
  webm: 'audio/webm',
  flac: 'audio/flac',
  wav: 'audio/wav',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export function contentTypeOf(key: string): string {
  return byExtension[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
