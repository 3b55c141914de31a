import { AUDIO_FORMATS } from '@kora/contracts';

/** The formats the server accepts, as the wizard lists them: 'MP3, WAV, FLAC, AAC, OGG, M4A'. */
export const AUDIO_FORMATS_TEXT = AUDIO_FORMATS.join(', ');

/** The wizard's file picker: any audio type, plus the extensions, for systems that give none. */
export const AUDIO_ACCEPT = ['audio/*', ...AUDIO_FORMATS.map((format) => `.${format.toLowerCase()}`)].join(',');

const AUDIO_EXTENSION_PATTERN = new RegExp(`\\.(${AUDIO_FORMATS.join('|')})$`, 'i');

/**
 * Whether a chosen file claims to be audio of an accepted kind. The server judges the content;
 * this only spares a listener sending a photo by mistake over a slow connection.
 */
export function isAudioFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type.startsWith('audio/') || AUDIO_EXTENSION_PATTERN.test(file.name);
}

export function describeAudioFileProblem(file: Pick<File, 'name' | 'type'>): string | null {
  if (isAudioFile(file)) return null;
  return `"${file.name}" is not an audio file. Choose one of: ${AUDIO_FORMATS_TEXT}.`;
}

/** Spec section 5: the Library upload's title starts as the file's name without its extension. */
export function titleFromFileName(fileName: string): string {
  const withoutExtension = fileName.replace(/\.[^.]*$/, '');
  return withoutExtension || fileName;
}

const sizeFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 1 });

/** '820 KB', '4.2 MB', '12.5 GB': a file's size, or the space downloads take, so a listener on mobile data knows the cost. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
  return `${sizeFormat.format(bytes / (1024 * 1024 * 1024))} GB`;
}
