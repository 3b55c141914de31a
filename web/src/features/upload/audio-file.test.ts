import { describe, expect, it } from 'vitest';
import { AUDIO_ACCEPT, AUDIO_FORMATS_TEXT, describeAudioFileProblem, formatFileSize, isAudioFile, titleFromFileName } from './audio-file';

describe('isAudioFile', () => {
  it('accepts audio types and the listed extensions, whatever the type says', () => {
    expect(isAudioFile({ name: 'song', type: 'audio/mpeg' })).toBe(true);
    expect(isAudioFile({ name: 'Song.M4A', type: '' })).toBe(true);
    expect(isAudioFile({ name: 'voice.ogg', type: 'video/ogg' })).toBe(true);
  });

  it('refuses images, text and unknown extensions', () => {
    expect(isAudioFile({ name: 'cover.png', type: 'image/png' })).toBe(false);
    expect(isAudioFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(isAudioFile({ name: 'song.mp3.exe', type: '' })).toBe(false);
  });

  it('says which formats to choose instead', () => {
    expect(describeAudioFileProblem({ name: 'cover.png', type: 'image/png' })).toBe(
      '"cover.png" is not an audio file. Choose one of: MP3, WAV, FLAC, AAC, OGG, M4A.',
    );
    expect(describeAudioFileProblem({ name: 'a.wav', type: 'audio/wav' })).toBeNull();
  });

  it('lists the spec formats and lets the picker show them', () => {
    expect(AUDIO_FORMATS_TEXT).toBe('MP3, WAV, FLAC, AAC, OGG, M4A');
    expect(AUDIO_ACCEPT).toBe('audio/*,.mp3,.wav,.flac,.aac,.ogg,.m4a');
  });
});

describe('titleFromFileName', () => {
  it('drops only the last extension', () => {
    expect(titleFromFileName('Essence.mp3')).toBe('Essence');
    expect(titleFromFileName('Love Nwantiti (Remix).final.wav')).toBe('Love Nwantiti (Remix).final');
    expect(titleFromFileName('untitled')).toBe('untitled');
  });

  it('keeps a name that is only an extension', () => {
    expect(titleFromFileName('.mp3')).toBe('.mp3');
  });
});

describe('formatFileSize', () => {
  it('shows kilobytes below a megabyte, megabytes below a gigabyte, and gigabytes above', () => {
    expect(formatFileSize(10)).toBe('1 KB');
    expect(formatFileSize(820 * 1024)).toBe('820 KB');
    expect(formatFileSize(4.25 * 1024 * 1024)).toBe('4.3 MB');
    expect(formatFileSize(12.5 * 1024 * 1024 * 1024)).toBe('12.5 GB');
  });
});
