import { describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY } from '../features/settings/local-settings';
import { chooseStreamQuality, getStreamUrl, readStreamingQuality } from './stream-url';
import { buildSong } from './test-songs';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === SETTINGS_STORAGE_KEY ? value : null) });

describe('readStreamingQuality', () => {
  it("reads the listener's setting", () => {
    expect(readStreamingQuality(storageWith('{"streamingQuality":"low","gapless":true}'))).toBe('low');
    expect(readStreamingQuality(storageWith('{"streamingQuality":"high"}'))).toBe('high');
  });

  it("is 'auto' when unset, unknown or unreadable", () => {
    expect(readStreamingQuality(storageWith(null))).toBe('auto');
    expect(readStreamingQuality(null)).toBe('auto');
    expect(readStreamingQuality(storageWith('{"streamingQuality":"ultra"}'))).toBe('auto');
    expect(readStreamingQuality(storageWith('not json'))).toBe('auto');
    expect(readStreamingQuality(storageWith('"high"'))).toBe('auto');
  });

  it("asks for the listener's saver while one is on, reading an older switch as the data saver", () => {
    expect(readStreamingQuality(storageWith('{"streamingQuality":"high","dataSaver":"extreme-saver"}'))).toBe('extreme-saver');
    expect(readStreamingQuality(storageWith('{"streamingQuality":"high","dataSaver":"data-saver"}'))).toBe('data-saver');
    expect(readStreamingQuality(storageWith('{"streamingQuality":"high","dataSaver":true}'))).toBe('data-saver');
    expect(readStreamingQuality(storageWith('{"streamingQuality":"high","dataSaver":false}'))).toBe('high');
    expect(readStreamingQuality(storageWith('{"dataSaver":"yes"}'))).toBe('auto');
  });
});

describe('chooseStreamQuality', () => {
  it('follows the streaming quality while the saver is off', () => {
    expect(chooseStreamQuality({ streamingQuality: 'low', dataSaver: 'off' })).toBe('low');
    expect(chooseStreamQuality({ streamingQuality: 'auto', dataSaver: 'off' })).toBe('auto');
  });

  it('asks for the saver on, whatever the streaming quality', () => {
    expect(chooseStreamQuality({ streamingQuality: 'medium', dataSaver: 'data-saver' })).toBe('data-saver');
    expect(chooseStreamQuality({ streamingQuality: 'high', dataSaver: 'extreme-saver' })).toBe('extreme-saver');
    expect(chooseStreamQuality({ streamingQuality: 'auto', dataSaver: 'extreme-saver' })).toBe('extreme-saver');
  });
});

describe('getStreamUrl', () => {
  it("asks for a local song's stream in the chosen quality", () => {
    expect(getStreamUrl(buildSong(12), 'medium')).toBe('/api/songs/12/stream?quality=medium');
    expect(getStreamUrl(buildSong(12, { fileUrl: '/api/songs/12/stream?v=2' }), 'auto')).toBe(
      '/api/songs/12/stream?v=2&quality=auto',
    );
  });

  it('sends an external preview through the audio proxy', () => {
    const preview = buildSong('deezer-3135556', {
      isExternal: true,
      isPreview: true,
      source: 'deezer',
      fileUrl: 'https://cdnt-preview.dzcdn.net/api/1/1/a/b/c/0/abc.mp3?hdnea=exp=1&x=y',
    });
    const url = new URL(getStreamUrl(preview, 'high')!, 'http://kora.test');
    expect(url.pathname).toBe('/api/audio-proxy');
    expect(url.searchParams.get('url')).toBe(preview.fileUrl);
    expect(url.searchParams.get('trackId')).toBe('deezer-3135556');
  });

  it('asks for Opus with a saver where the browser plays it, and only with a saver', () => {
    expect(getStreamUrl(buildSong(12), 'data-saver', true)).toBe('/api/songs/12/stream?quality=data-saver&codecs=opus');
    expect(getStreamUrl(buildSong(12), 'extreme-saver', true)).toBe('/api/songs/12/stream?quality=extreme-saver&codecs=opus');
    expect(getStreamUrl(buildSong(12), 'data-saver', false)).toBe('/api/songs/12/stream?quality=data-saver');
    expect(getStreamUrl(buildSong(12), 'high', true)).toBe('/api/songs/12/stream?quality=high');
  });

  it('is null for a song without a file', () => {
    expect(getStreamUrl(buildSong(1, { fileUrl: null }), 'auto')).toBeNull();
  });
});
