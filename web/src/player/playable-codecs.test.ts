import { beforeEach, describe, expect, it, vi } from 'vitest';

// The answer is kept for the page's life: each test loads the module afresh.
beforeEach(() => vi.resetModules());

describe('browserPlaysOpus', () => {
  it.each([
    ['probably', true],
    ['maybe', true],
    ['', false],
  ])("takes the audio element's answer %j for Opus in WebM as %s, asking once", async (answer, expected) => {
    const { browserPlaysOpus } = await import('./playable-codecs');
    const asked: string[] = [];
    const element = { canPlayType: (type: string) => (asked.push(type), answer) };
    expect(browserPlaysOpus(element)).toBe(expected);
    expect(browserPlaysOpus(element)).toBe(expected);
    expect(asked).toEqual(['audio/webm; codecs="opus"']);
  });

  it('is false where there is no document to make an audio element in', async () => {
    const { browserPlaysOpus } = await import('./playable-codecs');
    expect(browserPlaysOpus()).toBe(false);
  });
});
