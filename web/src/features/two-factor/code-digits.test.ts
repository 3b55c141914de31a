import { describe, expect, it } from 'vitest';
import { isCompleteCode, toCodeDigits } from './code-digits';

describe('two-factor code field', () => {
  it('keeps digits only, at most six', () => {
    expect(toCodeDigits('12a3 4-5')).toBe('12345');
    expect(toCodeDigits('1234567890')).toBe('123456');
    expect(toCodeDigits('abc')).toBe('');
  });

  it('is complete at exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});
