// Playlists and likes for the collections budget, written straight to the database in a few
// multi-row statements (the API would take one request per song).
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.js';
import { playlists } from '../../server/src/db/schema.js';

/** `count` distinct song ids out of 1..catalogueSize, spread over the whole catalogue (many artists and albums). */
export function spreadSongIds(catalogueSize: number, count: number): number[] {
  if (count > catalogueSize) throw new Error(`cannot pick ${count} distinct songs out of ${catalogueSize}`);
  // A step coprime with the size visits every id once before repeating.
  let step = Math.floor(catalogueSize * 0.618);
  while (gcd(step, catalogueSize) !== 1) step++;
  return Array.from({ length: count }, (_, i) => 1 + ((i * step) % catalogueSize));
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A playlist owned by userId holding songIds at positions 0, 1, 2… in one INSERT. */
export async function insertPlaylist(db: Db, userId: number, name: string, songIds: readonly number[]): Promise<number> {
  const [row] = await db
    .insert(playlists)
    .values({ name, description: 'A collection of songs', userId, createdBy: 'Bench Mark' })
    .returning({ id: playlists.id });
  if (!row) throw new Error(`playlist ${name} was not created`);
  const { id } = row;
  await db.execute(sql`insert into playlist_songs (playlist_id, song_id, position, added_at)
    select ${id}, song_id, position::int - 1, now() - (position * interval '1 minute')
    from unnest(${sql.param(songIds)}::int[]) with ordinality as t(song_id, position)`);
  return id;
}

/** Likes in the order given, the first one liked last, each a second apart (the page order is by time). */
export async function insertLikes(db: Db, userId: number, songIds: readonly number[]): Promise<void> {
  await db.execute(sql`insert into liked_songs (user_id, song_id, created_at)
    select ${userId}, song_id, now() - (position * interval '1 second')
    from unnest(${sql.param(songIds)}::int[]) with ordinality as t(song_id, position)`);
}
