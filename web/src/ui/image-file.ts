// Some phones hand over files without a MIME type; their name is the only clue left.
const IMAGE_EXTENSION_PATTERN = /\.(jpe?g|png|webp|gif|avif|heic|heif|bmp|tiff?)$/i;

/** Whether a chosen file claims to be an image. The server checks the content; this spares a wasted upload. */
export function isImageFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type.startsWith('image/');
  return IMAGE_EXTENSION_PATTERN.test(file.name);
}

function formatMegabytes(bytes: number): string {
  return `${Math.floor(bytes / (1024 * 1024))} MB`;
}

/** What is wrong with a chosen image file, in words for the listener, or null when it may be sent. */
export function describeImageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number): string | null {
  if (!isImageFile(file)) return `"${file.name}" is not an image. Choose a JPG, PNG or WebP file.`;
  if (file.size > maxBytes) return `That image is larger than ${formatMegabytes(maxBytes)}. Choose a smaller one.`;
  return null;
}
