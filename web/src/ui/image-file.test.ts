import { describe, expect, it } from 'vitest';
import { describeImageFileProblem, isImageFile } from './image-file';

const MB = 1024 * 1024;

describe('isImageFile', () => {
  it('trusts an image MIME type', () => {
    expect(isImageFile({ name: 'cover.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ name: 'photo', type: 'image/png' })).toBe(true);
  });

  it('refuses other MIME types, whatever the name says', () => {
    expect(isImageFile({ name: 'song.mp3', type: 'audio/mpeg' })).toBe(false);
    expect(isImageFile({ name: 'cover.png', type: 'application/pdf' })).toBe(false);
  });

  it('falls back to the name when the browser gives no type', () => {
    expect(isImageFile({ name: 'IMG_0042.HEIC', type: '' })).toBe(true);
    expect(isImageFile({ name: 'notes.txt', type: '' })).toBe(false);
    expect(isImageFile({ name: 'jpg', type: '' })).toBe(false);
  });
});

describe('describeImageFileProblem', () => {
  it('accepts an image within the size limit', () => {
    expect(describeImageFileProblem({ name: 'cover.png', type: 'image/png', size: 2 * MB }, 10 * MB)).toBeNull();
    expect(describeImageFileProblem({ name: 'cover.png', type: 'image/png', size: 10 * MB }, 10 * MB)).toBeNull();
  });

  it('names a file that is not an image', () => {
    expect(describeImageFileProblem({ name: 'song.mp3', type: 'audio/mpeg', size: 1000 }, 10 * MB)).toBe(
      '"song.mp3" is not an image. Choose a JPG, PNG or WebP file.',
    );
  });

  it('says the limit when the image is too large', () => {
    expect(describeImageFileProblem({ name: 'huge.jpg', type: 'image/jpeg', size: 10 * MB + 1 }, 10 * MB)).toBe(
      'That image is larger than 10 MB. Choose a smaller one.',
    );
  });
});
