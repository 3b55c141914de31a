import { describe, expect, it } from 'vitest';
import { GAPLESS_LEAD_SECONDS, PRELOAD_LEAD_SECONDS, planTransition, transitionStartsAt, transitionStep } from './transition-plan';
import { buildSong } from './test-songs';

const album = { id: 7, title: 'Ìfẹ́', coverUrl: null };
const first = buildSong(1, { album, duration: 200 });
const second = buildSong(2, { album, duration: 180 });
const elsewhere = buildSong(3, { album: { ...album, id: 8 } });
const single = buildSong(4);

function plan(overrides: Partial<Parameters<typeof planTransition>[0]> = {}) {
  return planTransition({ current: first, next: second, duration: 200, crossfadeSeconds: 0, gapless: true, shuffle: false, ...overrides });
}

describe('planTransition', () => {
  it('crossfades by the setting whatever the songs, taking precedence over gapless', () => {
    expect(plan({ crossfadeSeconds: 5 })).toEqual({ kind: 'crossfade', seconds: 5 });
    expect(plan({ crossfadeSeconds: 2, next: elsewhere, gapless: false })).toEqual({ kind: 'crossfade', seconds: 2 });
    expect(plan({ crossfadeSeconds: 10, shuffle: true })).toEqual({ kind: 'crossfade', seconds: 10 });
  });

  it('never fades for more than half of either song', () => {
    expect(plan({ crossfadeSeconds: 10, duration: 12 })).toEqual({ kind: 'crossfade', seconds: 6 });
    expect(plan({ crossfadeSeconds: 10, next: buildSong(9, { duration: 8 }) })).toEqual({ kind: 'crossfade', seconds: 4 });
  });

  it('runs consecutive tracks of one album together when gapless is on and the queue is in order', () => {
    expect(plan()).toEqual({ kind: 'gapless' });
    expect(plan({ gapless: false })).toBeNull();
    expect(plan({ shuffle: true })).toBeNull();
    expect(plan({ next: elsewhere })).toBeNull();
    expect(plan({ current: single, next: buildSong(5) })).toBeNull();
  });

  it('plans nothing without a next song or a known length', () => {
    expect(plan({ next: null, crossfadeSeconds: 5 })).toBeNull();
    expect(plan({ duration: Number.NaN, crossfadeSeconds: 5 })).toBeNull();
    expect(plan({ duration: Infinity })).toBeNull();
    expect(plan({ duration: 0 })).toBeNull();
  });
});

describe('transitionStep', () => {
  const crossfade = { kind: 'crossfade', seconds: 5 } as const;
  it('waits, then preloads the next song, then starts it when the fade is due', () => {
    const start = transitionStartsAt(crossfade, 200);
    expect(start).toBe(195);
    expect(transitionStep(crossfade, start - PRELOAD_LEAD_SECONDS - 0.1, 200)).toBe('wait');
    expect(transitionStep(crossfade, start - PRELOAD_LEAD_SECONDS, 200)).toBe('preload');
    expect(transitionStep(crossfade, 194.9, 200)).toBe('preload');
    expect(transitionStep(crossfade, 195, 200)).toBe('start');
  });

  it('starts a gapless next song just before the end', () => {
    expect(transitionStartsAt({ kind: 'gapless' }, 200)).toBeCloseTo(200 - GAPLESS_LEAD_SECONDS, 9);
    expect(transitionStep({ kind: 'gapless' }, 199.9, 200)).toBe('preload');
    expect(transitionStep({ kind: 'gapless' }, 199.97, 200)).toBe('start');
  });

  it('never does anything without a plan', () => {
    expect(transitionStep(null, 199.99, 200)).toBe('wait');
  });
});

