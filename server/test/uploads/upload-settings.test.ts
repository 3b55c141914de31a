import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('UPLOAD_MAX_AUDIO_MB and UPLOAD_MAX_COVER_MB', () => {
  it('default to 200 MB of audio and 10 MB of cover', () => {
    expect(loadConfig({}).uploadLimits).toEqual({ maxAudioBytes: 200 * 1024 * 1024, maxCoverBytes: 10 * 1024 * 1024 });
  });

  it('take megabytes, fractions included', () => {
    expect(loadConfig({ UPLOAD_MAX_AUDIO_MB: '50', UPLOAD_MAX_COVER_MB: '0.5' }).uploadLimits).toEqual({ maxAudioBytes: 50 * 1024 * 1024, maxCoverBytes: 512 * 1024 });
  });

  it.each([
    ['UPLOAD_MAX_AUDIO_MB', '0'],
    ['UPLOAD_MAX_AUDIO_MB', '4096'],
    ['UPLOAD_MAX_COVER_MB', 'ten'],
  ])('refuse %s=%s, naming the setting', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
