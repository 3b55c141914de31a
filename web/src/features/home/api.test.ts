import { describe, expect, it } from 'vitest';
import { describeImport } from './api';

describe('describeImport', () => {
  it('counts the songs an import added', () => {
    expect(describeImport({ importedCount: 12 })).toBe('Imported 12 songs.');
    expect(describeImport({ importedCount: 1 })).toBe('Imported 1 song.');
  });

  it('says why a repeated import added nothing', () => {
    expect(describeImport({ importedCount: 0 })).toBe('Your catalogue already has the current chart.');
  });
});
