import { describe, expect, it } from 'vitest';
import { matchesDownloadSearch } from './downloaded-search';

const song = { title: 'Ìrìn Àjò', artist: { id: 1, name: 'Ọlámidé Aṣa', imageUrl: null, deezerId: null }, album: { id: 2, title: 'Ọ̀sun', coverUrl: null } };

describe('matchesDownloadSearch', () => {
  it('matches every typed word in the title, artist or album, without accents or case', () => {
    expect(matchesDownloadSearch(song, '')).toBe(true);
    expect(matchesDownloadSearch(song, 'irin')).toBe(true);
    expect(matchesDownloadSearch(song, 'OLAMIDE ajo')).toBe(true);
    expect(matchesDownloadSearch(song, 'osun')).toBe(true);
    expect(matchesDownloadSearch(song, 'irin burna')).toBe(false);
    expect(matchesDownloadSearch({ title: 'Chill Highlife Sunday' }, 'highlife')).toBe(true);
  });
});
