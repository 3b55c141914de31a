import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, sharedAnswer } from './shared-answer.js';

describe('sharedAnswer', () => {
  it('tags equal bodies alike and different bodies apart', () => {
    expect(sharedAnswer('[1,2]').etag).toBe(sharedAnswer('[1,2]').etag);
    expect(sharedAnswer('[1,2]').etag).not.toBe(sharedAnswer('[1,3]').etag);
    expect(sharedAnswer('[]').etag).toMatch(/^"[\w-]{32}"$/);
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = '"abc"';

  it('matches the tag alone, in a list, weakly, or any tag', () => {
    expect(matchesIfNoneMatch('"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });

  it('does not match another tag, a tag without quotes, or no header', () => {
    expect(matchesIfNoneMatch('"abd"', etag)).toBe(false);
    expect(matchesIfNoneMatch('abc', etag)).toBe(false);
    expect(matchesIfNoneMatch('', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});
