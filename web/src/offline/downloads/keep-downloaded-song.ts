import type { Song } from '@kora/contracts';
import type { DownloadedSong } from '../offline-db';
import type { AudioCache } from './audio-cache';
import type { DownloadStore } from './download-store';
import { keptCoverUrls } from './kept-covers';

/** Only library songs with a file can be kept; a catalogue preview cannot. */
export const downloadable = (song: Song): song is Song & { id: number } => typeof song.id === 'number' && !song.isExternal && song.fileUrl !== null;

/** A song already kept joins another collection: nothing is fetched or stored again. */
export async function addToCollection(store: DownloadStore, kept: DownloadedSong, collectionKey: string): Promise<DownloadedSong> {
  if (kept.collections.includes(collectionKey)) return kept;
  const record = { ...kept, collections: [...kept.collections, collectionKey] };
  await store.putSong(record);
  return record;
}

/**
 * Stores a song's whole rendition and indexes it: the one way a song becomes downloaded, whether
 * the app fetched it or the browser did in the background (the service worker calls this then).
 * The audio goes in first and the index last, so nothing half-kept ever looks playable.
 */
export async function keepDownloadedSong({
  store,
  cache,
  collectionKey,
  song,
  audio,
  bitrateKbps,
  now,
}: {
  store: DownloadStore;
  cache: AudioCache;
  collectionKey: string;
  song: Song & { id: number };
  audio: Blob;
  bitrateKbps: number | null;
  now: Date;
}): Promise<DownloadedSong> {
  try {
    await cache.put(song.id, audio);
  } catch (error) {
    // A put that failed part way must not leave audio behind that nothing indexes.
    await cache.delete(song.id).catch(() => undefined);
    throw error;
  }
  // Covers are for looks: a song plays without them, so one that fails to download is not an error.
  await cache.putImages(keptCoverUrls(song)).catch(() => undefined);
  const record: DownloadedSong = {
    userId: store.userId,
    songId: song.id,
    song,
    bitrateKbps,
    size: audio.size,
    downloadedAt: now.toISOString(),
    collections: [collectionKey],
  };
  await store.putSong(record);
  return record;
}
