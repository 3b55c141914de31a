import type { AudioCodec } from '@kora/contracts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { albums, artists, plays, songFeaturedArtists, songRenditions, songs, subscriptions } from '../../src/db/schema.js';
import { synthesizeTrack } from '../../src/media/audio-synth.js';
import { encodePcmToMp3 } from '../../src/media/ffmpeg.js';
import type { MediaStorage, StoredObject } from '../../src/media/storage.js';

let counter = 0;
const next = () => ++counter;

export async function buildArtist(db: Db, overrides: Partial<typeof artists.$inferInsert> = {}) {
  const [row] = await db
    .insert(artists)
    .values({ name: `Test Artist ${next()}`, ...overrides })
    .returning();
  return row!;
}

export async function buildAlbum(db: Db, values: Partial<typeof albums.$inferInsert> & { artistId: number }) {
  const [row] = await db
    .insert(albums)
    .values({ title: `Test Album ${next()}`, ...values })
    .returning();
  return row!;
}

/** A song row; `featuring` credits other artists in that order. No file unless one is given. */
export async function buildSong(
  db: Db,
  { featuring = [], ...values }: Partial<typeof songs.$inferInsert> & { artistId: number; featuring?: number[] },
) {
  const [row] = await db
    .insert(songs)
    .values({ title: `Test Song ${next()}`, duration: 180, ...values })
    .returning();
  if (featuring.length > 0) {
    await db.insert(songFeaturedArtists).values(featuring.map((artistId, position) => ({ songId: row!.id, artistId, position })));
  }
  return row!;
}

/** A real, decodable MP3 of synthesized music, stored like an upload. */
export async function storeTestMp3(storage: MediaStorage, { seconds = 2, bitrateKbps = 64, seed = next() } = {}): Promise<StoredObject> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-test-mp3-'));
  const file = path.join(dir, 'song.mp3');
  try {
    const pcm = synthesizeTrack({ seed, genre: 'Afrobeats', durationSeconds: seconds, sampleRate: 22050 });
    await encodePcmToMp3(pcm, { sampleRate: 22050, channels: 1, bitrateKbps }, file);
    return await storage.put(await fs.readFile(file), { extension: 'mp3', contentType: 'audio/mpeg' });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Distinct bytes stored as an MP3, for checks that never decode the audio. */
export async function storeTestBytes(storage: MediaStorage, size: number): Promise<StoredObject & { bytes: Buffer }> {
  const bytes = randomBytes(size);
  return { ...(await storage.put(bytes, { extension: 'mp3', contentType: 'audio/mpeg' })), bytes };
}

/** A rendition row over random bytes (an MP3 unless `codec` says Opus). */
export async function buildRendition(db: Db, storage: MediaStorage, songId: number, bitrateKbps: number, codec: AudioCodec = 'mp3') {
  const mime = codec === 'opus' ? 'audio/webm' : 'audio/mpeg';
  const stored = await storage.put(randomBytes(2048 + bitrateKbps), { extension: codec === 'opus' ? 'webm' : 'mp3', contentType: mime });
  const [row] = await db.insert(songRenditions).values({ songId, codec, bitrateKbps, fileKey: stored.key, mime, size: stored.size }).returning();
  return row!;
}

export async function setPlan(db: Db, userId: number, values: Partial<typeof subscriptions.$inferInsert>) {
  await db.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
}

export async function insertPlay(db: Db, values: { userId: number; songId: number; playedAt?: Date; secondsPlayed?: number }) {
  await db.insert(plays).values({ secondsPlayed: 60, ...values });
}
