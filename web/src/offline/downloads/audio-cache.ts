/** The Cache Storage cache that holds downloaded audio and its covers; the service worker answers from it. */
export const DOWNLOADS_CACHE = 'kora-downloads-v1';

/** The one key a song's audio is kept under, whatever quality the player asks the stream for. */
export function downloadedAudioKey(songId: number): string {
  return `/api/songs/${songId}/stream`;
}

export interface AudioCache {
  put(songId: number, audio: Blob): Promise<void>;
  delete(songId: number): Promise<void>;
  /** Fetches and keeps these images (a downloaded song's cover copies) for offline lists. */
  putImages(urls: string[]): Promise<void>;
  deleteImages(urls: string[]): Promise<void>;
}

export function browserAudioCache(): AudioCache {
  return {
    async put(songId, audio) {
      const cache = await caches.open(DOWNLOADS_CACHE);
      const headers = { 'content-type': audio.type || 'audio/mpeg', 'content-length': String(audio.size) };
      await cache.put(downloadedAudioKey(songId), new Response(audio, { headers }));
    },
    async delete(songId) {
      await (await caches.open(DOWNLOADS_CACHE)).delete(downloadedAudioKey(songId));
    },
    async putImages(urls) {
      await (await caches.open(DOWNLOADS_CACHE)).addAll(urls);
    },
    async deleteImages(urls) {
      const cache = await caches.open(DOWNLOADS_CACHE);
      await Promise.all(urls.map((url) => cache.delete(url)));
    },
  };
}
