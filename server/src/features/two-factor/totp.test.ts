import { describe, expect, it } from 'vitest';
import {
  buildOtpauthUri,
  createTotpSecret,
  findTotpStep,
  formatManualEntryKey,
  generateTotp,
  totpStepAt,
} from './totp.js';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890".
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
// The RFC lists 8-digit codes; a 6-digit code is the same number modulo 10^6.
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it.each(RFC_VECTORS)('gives the RFC code at %i s', (seconds, code) => {
    expect(generateTotp(RFC_SECRET, at(seconds))).toBe(code);
    expect(findTotpStep(RFC_SECRET, code, at(seconds))).toBe(Math.floor(seconds / 30));
  });

  it('accepts a code one step early or late and names the step it belongs to', () => {
    const now = at(1111111111);
    const step = totpStepAt(now);
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, at(1111111111 - 30)), now)).toBe(step - 1);
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, at(1111111111 + 30)), now)).toBe(step + 1);
  });

  it('refuses a code two steps away, a wrong code and anything but six digits', () => {
    const now = at(1234567890);
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, at(1234567890 - 60)), now)).toBeNull();
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, at(1234567890 + 60)), now)).toBeNull();
    expect(findTotpStep(RFC_SECRET, '005925', now)).toBeNull();
    for (const token of ['', '5924', '0059240', '00592a', ' 005924']) {
      expect(findTotpStep(RFC_SECRET, token, now)).toBeNull();
    }
  });

  it('makes 160-bit base32 secrets, different each time', () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
  });

  it('builds the otpauth URI with the issuer and the account name', () => {
    const uri = new URL(buildOtpauthUri(RFC_SECRET, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Kora:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: RFC_SECRET,
      issuer: 'Kora',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('groups the manual entry key in fours', () => {
    expect(formatManualEntryKey(RFC_SECRET)).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');
  });
});
