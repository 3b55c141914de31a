import { PREVIEW_UNAVAILABLE_MESSAGE, PREVIEW_UNAVAILABLE_TITLE } from '@kora/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../ui/use-toast';
import { refreshPreviewUrl, refreshUrlPath, reportAudioError } from './audio-errors';
import { buildSong } from './test-songs';

vi.mock('../ui/use-toast', () => ({ toast: vi.fn() }));

const preview = buildSong('deezer-916424', {
  isExternal: true,
  isPreview: true,
  source: 'deezer',
  fileUrl: 'https://cdn.example/p.mp3?hdnea=exp=1',
});

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('reportAudioError', () => {
  it("says 'Audio Error' for a local file", () => {
    reportAudioError(buildSong(3));
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      variant: 'destructive',
      title: 'Audio Error',
      description: 'Failed to load audio file.',
    });
  });

  it("says 'Preview Unavailable' for an external preview", () => {
    reportAudioError(preview);
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      variant: 'destructive',
      title: PREVIEW_UNAVAILABLE_TITLE,
      description: PREVIEW_UNAVAILABLE_MESSAGE,
    });
  });
});

describe('refreshPreviewUrl', () => {
  it('posts to the refresh path named by the song id and gives back the fresh URL', async () => {
    const fetchMock = stubFetch(Response.json({ success: true, freshUrl: 'https://cdn.example/p.mp3?hdnea=exp=2' }));
    expect(refreshUrlPath(preview)).toBe('/api/songs/external-deezer-916424/refresh-url');
    await expect(refreshPreviewUrl(preview)).resolves.toBe('https://cdn.example/p.mp3?hdnea=exp=2');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/songs/external-deezer-916424/refresh-url');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('rejects when the server has no fresh URL', async () => {
    stubFetch(Response.json({ message: 'Deezer could not be reached. Try again later.' }, { status: 502 }));
    await expect(refreshPreviewUrl(preview)).rejects.toThrow('502: ');
  });

  it('rejects an answer without a URL', async () => {
    stubFetch(Response.json({ success: true, freshUrl: '' }));
    await expect(refreshPreviewUrl(preview)).rejects.toThrow();
  });
});
