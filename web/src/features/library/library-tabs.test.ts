import { describe, expect, it } from 'vitest';
import { libraryTabPath, parseLibraryTab } from './library-tabs';

describe('parseLibraryTab', () => {
  it('reads the three named tabs', () => {
    expect(parseLibraryTab('liked')).toBe('liked');
    expect(parseLibraryTab('playlists')).toBe('playlists');
    expect(parseLibraryTab('artists')).toBe('artists');
  });

  it('falls back to the main view for a missing, unknown or differently cased tab', () => {
    expect(parseLibraryTab(null)).toBe('main');
    expect(parseLibraryTab('')).toBe('main');
    expect(parseLibraryTab('albums')).toBe('main');
    expect(parseLibraryTab('Liked')).toBe('main');
  });
});

describe('libraryTabPath', () => {
  it('keeps the main view at plain /library and puts the others in ?tab=', () => {
    expect(libraryTabPath('main')).toBe('/library');
    expect(libraryTabPath('liked')).toBe('/library?tab=liked');
    expect(libraryTabPath('artists')).toBe('/library?tab=artists');
  });
});
