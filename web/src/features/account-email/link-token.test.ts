import { describe, expect, it } from 'vitest';
import { readLinkToken } from './link-token';

describe('readLinkToken', () => {
  it('reads the token from the fragment', () => {
    expect(readLinkToken('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(readLinkToken('token=abc')).toBe('abc');
    expect(readLinkToken('#other=1&token=xyz')).toBe('xyz');
  });

  it('is null without one', () => {
    expect(readLinkToken('')).toBeNull();
    expect(readLinkToken('#')).toBeNull();
    expect(readLinkToken('#token=')).toBeNull();
    expect(readLinkToken('#tokens=abc')).toBeNull();
  });
});
