import type { DeviceSession } from '@kora/contracts';
import type { SessionRow } from './queries.js';
import { describeUserAgent } from './user-agent.js';

/** The only way a session leaves the server: by its public id, never its token hash. */
export function presentSession(row: SessionRow, currentTokenHash: string): DeviceSession {
  return {
    id: row.publicId,
    ...describeUserAgent(row.userAgent),
    firstSeenAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.tokenHash === currentTokenHash,
  };
}
