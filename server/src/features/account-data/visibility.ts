import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { accountDeletions } from '../../db/schema.js';

/**
 * Whether what this user made is in view: false while they are in a deletion's grace period, so
 * their playlists and artist profiles are shown to nobody until they come back or are purged. True
 * for null (editorial playlists, catalogue artists). An index lookup on a table of a few rows.
 */
export function isOwnerInView(ownerId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${accountDeletions} where ${accountDeletions.userId} = ${ownerId})`;
}
