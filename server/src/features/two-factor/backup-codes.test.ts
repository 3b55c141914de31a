import { TWO_FACTOR_BACKUP_CODE_COUNT } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { generateBackupCodes, hashBackupCode, normalizeBackupCode } from './backup-codes.js';

describe('backup codes', () => {
  it('makes the configured number of distinct, readable codes', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(TWO_FACTOR_BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}$/);
  });

  it('reads a typed code regardless of case, spaces and dash', () => {
    expect(normalizeBackupCode('K7DP-3MXA')).toBe('k7dp3mxa');
    expect(normalizeBackupCode(' k7dp 3mxa ')).toBe('k7dp3mxa');
    expect(normalizeBackupCode('k7dp3mxa')).toBe('k7dp3mxa');
  });

  it('refuses what cannot be a code', () => {
    for (const input of ['', 'k7dp-3mx', 'k7dp-3mxaa', 'k7dp-3mx0', '123456', 'k7dp_3mxa']) {
      expect(normalizeBackupCode(input)).toBeNull();
    }
  });

  it('stores a hash, never the code', () => {
    const hash = hashBackupCode('k7dp3mxa');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('k7dp');
    expect(hashBackupCode('k7dp3mxa')).toBe(hash);
  });
});
