import { SUPPORT_REQUESTS_PER_DAY, supportRequestSchema, type SupportRequestReceipt } from '@kora/contracts';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { supportRequests } from '../../db/schema.js';
import { TooManyRequests } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';

export const TOO_MANY_SUPPORT_REQUESTS = `You have sent ${SUPPORT_REQUESTS_PER_DAY} messages today. We will answer them by e-mail; please wait for our reply.`;

/**
 * Contact Support: the message is kept with the account (its e-mail is where the answer goes), for
 * the team to read in the database. A listener may send a few a day.
 */
export async function supportRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post('/api/support/requests', async (request, reply) => {
    const { message } = parseInput(supportRequestSchema, request.body);
    const userId = currentUser(request).id;
    const receipt = await db.transaction(async (tx) => {
      // One listener's requests are counted and added one at a time, so a burst cannot pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(727277, ${userId})`);
      const [sent] = await tx
        .select({ n: count() })
        .from(supportRequests)
        .where(and(eq(supportRequests.userId, userId), gt(supportRequests.createdAt, sql`now() - interval '1 day'`)));
      if ((sent?.n ?? 0) >= SUPPORT_REQUESTS_PER_DAY) throw new TooManyRequests(TOO_MANY_SUPPORT_REQUESTS);
      const [row] = await tx
        .insert(supportRequests)
        .values({ userId, message })
        .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
      return row!;
    });
    const body: SupportRequestReceipt = { id: receipt.id, createdAt: receipt.createdAt.toISOString() };
    return reply.status(201).send(body);
  });
}
