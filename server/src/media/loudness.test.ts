import { describe, expect, it } from 'vitest';
import { parseLoudnessSummary, songLoudness, trackGainDb } from './loudness.js';

/** The end of what ffmpeg 5.1 logs with the meter, as it writes it. */
function summary(integrated: string, peak: string): string {
  return [
    'size=N/A time=00:04:00.00 bitrate=N/A speed=73.7x',
    'video:0kB audio:90000kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown',
    '[Parsed_ebur128_0 @ 0x55ae398c1100] Summary:',
    '',
    '  Integrated loudness:',
    `    I:         ${integrated} LUFS`,
    '    Threshold: -22.7 LUFS',
    '',
    '  Loudness range:',
    '    LRA:         1.3 LU',
    '    Threshold: -32.7 LUFS',
    '    LRA low:   -13.4 LUFS',
    '    LRA high:  -12.0 LUFS',
    '',
    '  True peak:',
    `    Peak:       ${peak} dBFS`,
  ].join('\n');
}

describe('parseLoudnessSummary', () => {
  it("reads the integrated loudness and the true peak from the meter's summary", () => {
    expect(parseLoudnessSummary(summary('-12.7', '-1.4'))).toEqual({ integratedLufs: -12.7, truePeakDbtp: -1.4 });
    expect(parseLoudnessSummary(summary('-5.0', '0.6'))).toEqual({ integratedLufs: -5, truePeakDbtp: 0.6 });
  });

  it('reads the peak of digital silence as -Infinity', () => {
    expect(parseLoudnessSummary(summary('-70.0', '-inf'))).toEqual({ integratedLufs: -70, truePeakDbtp: -Infinity });
  });

  it('throws when the log has no summary, saying what ffmpeg said', () => {
    expect(() => parseLoudnessSummary('song.mp3: Invalid data found when processing input')).toThrow(/no loudness summary: song\.mp3: Invalid data/);
  });
});

describe('trackGainDb', () => {
  it('brings a song to -14 LUFS when its peaks allow', () => {
    expect(trackGainDb({ integratedLufs: -20, truePeakDbtp: -10 })).toBe(6);
    expect(trackGainDb({ integratedLufs: -8.3, truePeakDbtp: 0.2 })).toBe(-5.7);
    expect(trackGainDb({ integratedLufs: -14, truePeakDbtp: -3 })).toBe(0);
  });

  it('raises a quiet song only as far as its true peak stays at or below -1 dBTP', () => {
    expect(trackGainDb({ integratedLufs: -20, truePeakDbtp: -4 })).toBe(3);
    expect(trackGainDb({ integratedLufs: -15.7, truePeakDbtp: -1.4 })).toBe(0.4);
    // Already past the ceiling and still quieter than the target: it is cut, not raised.
    expect(trackGainDb({ integratedLufs: -16, truePeakDbtp: 0.5 })).toBe(-1.5);
  });

  it('never rounds a peak past the ceiling', () => {
    for (const truePeakDbtp of [-1.44, -1.46, -2.01, -3.99]) {
      const gain = trackGainDb({ integratedLufs: -30, truePeakDbtp });
      expect(truePeakDbtp + gain).toBeLessThanOrEqual(-1);
      expect(truePeakDbtp + gain).toBeGreaterThan(-1.1);
    }
  });

  it('keeps to +12 dB and -24 dB', () => {
    expect(trackGainDb({ integratedLufs: -40, truePeakDbtp: -30 })).toBe(12);
    expect(trackGainDb({ integratedLufs: 14, truePeakDbtp: 16 })).toBe(-24);
  });

  it('gives silence no gain', () => {
    expect(trackGainDb({ integratedLufs: -70, truePeakDbtp: -Infinity })).toBe(0);
    expect(trackGainDb({ integratedLufs: -Infinity, truePeakDbtp: -Infinity })).toBe(0);
    expect(trackGainDb({ integratedLufs: -70, truePeakDbtp: -40 })).toBe(0);
  });
});

describe('songLoudness', () => {
  it('stores the measurement with its gain', () => {
    expect(songLoudness({ integratedLufs: -20, truePeakDbtp: -4 })).toEqual({ loudnessLufs: -20, truePeakDbtp: -4, trackGainDb: 3 });
  });

  it('stores silence as measured: at the gate, with no peak and no gain', () => {
    expect(songLoudness({ integratedLufs: -Infinity, truePeakDbtp: -Infinity })).toEqual({ loudnessLufs: -70, truePeakDbtp: null, trackGainDb: 0 });
  });
});
