import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path inside the app, with its query and hash', () => {
    expect(safeReturnPath('/album/7')).toBe('/album/7');
    expect(safeReturnPath('/library?tab=liked#top')).toBe('/library?tab=liked#top');
  });

  it('goes home for anything missing or leading elsewhere', () => {
    for (const next of [null, undefined, '', 'album/7', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      expect(safeReturnPath(next)).toBe('/');
    }
  });

  it('resolves dot segments instead of passing them on', () => {
    expect(safeReturnPath('/a/../album/7')).toBe('/album/7');
  });
});

describe('signInPathFor', () => {
  it('carries the opened page in ?next=, and nothing for Home', () => {
    expect(signInPathFor({ pathname: '/album/7', search: '?play=1', hash: '' })).toBe('/auth?next=%2Falbum%2F7%3Fplay%3D1');
    expect(signInPathFor({ pathname: '/', search: '', hash: '' })).toBe('/auth');
  });
});
