import { describe, expect, it } from 'vitest';
import { checkRecipient, oneLine, recipientSchema, safeDisplayName } from './mail-address.js';

describe('display names', () => {
  it('keep to one line: CR, LF and other control characters cannot start a header of their own', () => {
    expect(safeDisplayName('Ada\r\nBcc: evil@example.com')).toBe('Ada Bcc: evil@example.com');
    expect(safeDisplayName('Ada\nSubject: hi\r\n\r\nbody')).toBe('Ada Subject: hi body');
    expect(safeDisplayName('Ada\u0000\u0007\tObi\u2028\u2029x')).toBe('Ada Obi x');
    expect(oneLine(' New\r\nsign-in ')).toBe('New sign-in');
  });

  it('lose quotes, backslashes and angle brackets, which could close the quoted name or pose as an address', () => {
    expect(safeDisplayName('Ada" <evil@example.com>, "Bo')).toBe('Ada evil@example.com , Bo');
    expect(safeDisplayName('Ada \\" Obi')).toBe('Ada Obi');
  });

  it('lose direction overrides, which would make a name read as another', () => {
    expect(safeDisplayName('Ada\u202egnp.exe')).toBe('Adagnp.exe');
    expect(safeDisplayName('\u2066Ada\u2069')).toBe('Ada');
  });

  it('keep every script and are capped in length', () => {
    expect(safeDisplayName('Ọlámidé Àdúrà')).toBe('Ọlámidé Àdúrà');
    expect([...safeDisplayName('ọ'.repeat(500))]).toHaveLength(120);
  });

  it('are already safe once made safe', () => {
    for (const name of ['Ada\r\nBcc: x@y.z', ' "Ada" ', `${'a '.repeat(100)}b`, 'Ọlá\u202e']) {
      const safe = safeDisplayName(name);
      expect(safeDisplayName(safe)).toBe(safe);
      expect(recipientSchema.safeParse({ address: 'ada@example.com', name: safe }).success).toBe(true);
    }
    expect(recipientSchema.safeParse({ address: 'ada@example.com', name: 'Ada\r\nBcc: x@y.z' }).success).toBe(false);
  });
});

describe('recipients', () => {
  it('are addresses exactly as Kora stores them, with a safe name', () => {
    expect(checkRecipient({ address: 'ada@example.com', name: 'Ada "The Boss"\r\n' })).toEqual({ address: 'ada@example.com', name: 'Ada The Boss' });
    expect(checkRecipient({ address: 'ada.obi+kora@mail.example.ng' })).toEqual({ address: 'ada.obi+kora@mail.example.ng' });
    expect(checkRecipient({ address: 'ada@example.com', name: ' \r\n ' })).toEqual({ address: 'ada@example.com' });
  });

  it('are refused when not normalized, or when they would name more than one address or a header', () => {
    for (const address of [
      'Ada@Example.com',
      ' ada@example.com',
      'ada@example.com, evil@example.com',
      'ada@example.com\r\nBcc: evil@example.com',
      'Ada <ada@example.com>',
      '"a b"@example.com',
      'ada@localhost',
      '',
    ]) {
      expect(() => checkRecipient({ address }), address).toThrow('An e-mail can go only to a valid address as stored');
    }
  });
});
