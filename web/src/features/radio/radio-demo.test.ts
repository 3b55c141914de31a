import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RADIO_QUALITY,
  DIALOG_LISTENERS,
  PAGE_LISTENERS,
  RADIO_QUALITIES_KBPS,
  isRadioQuality,
  pickListenerCount,
} from './radio-demo';

describe('radio demo', () => {
  it("has the spec's quality choices, 320 kbps by default", () => {
    expect(RADIO_QUALITIES_KBPS).toEqual([320, 256, 128]);
    expect(DEFAULT_RADIO_QUALITY).toBe(320);
    expect(isRadioQuality(256)).toBe(true);
    expect(isRadioQuality(192)).toBe(false);
  });

  it('picks listener counts across the whole range, ends included', () => {
    expect(pickListenerCount(PAGE_LISTENERS, () => 0)).toBe(100);
    expect(pickListenerCount(PAGE_LISTENERS, () => 0.999999)).toBe(599);
    expect(pickListenerCount(DIALOG_LISTENERS, () => 0)).toBe(50);
    expect(pickListenerCount(DIALOG_LISTENERS, () => 0.999999)).toBe(549);
    expect(pickListenerCount(DIALOG_LISTENERS, () => 0.5)).toBe(300);
  });

  it('stays in range even for a random source that returns 1', () => {
    expect(pickListenerCount(PAGE_LISTENERS, () => 1)).toBe(599);
  });

  it('starts the page from 247, inside its range', () => {
    expect(PAGE_LISTENERS.first).toBe(247);
    expect(PAGE_LISTENERS.first).toBeGreaterThanOrEqual(PAGE_LISTENERS.min);
    expect(PAGE_LISTENERS.first).toBeLessThanOrEqual(PAGE_LISTENERS.max);
  });
});
