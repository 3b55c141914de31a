import { type DataUsage, dataLimitRequestSchema, usageDayOf } from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import type { DataMeter } from './data-meter.js';
import { deviceIdOf } from './device-cookie.js';
import type { DataUsageQueries } from './queries.js';
import { previousMonthStart, summarizeUsage } from './usage-figures.js';

type Deps = { queries: DataUsageQueries; meter: DataMeter };

/**
 * GET /api/data-usage: what Kora sent the listener today, this month and last month (UTC), this
 * month by quality and by kind, for the account and for the asking device, with the monthly limit.
 * PUT /api/data-usage/limit { limitMb }: sets the limit (null: none) and answers the same.
 */
export async function dataUsageRoutes(app: FastifyInstance, { queries, meter }: Deps) {
  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<DataUsage> {
    const userId = currentUser(request).id;
    const deviceId = deviceIdOf(request, reply);
    // What this process counted and has not written yet, so a song just played shows at once.
    await meter.flush();
    const day = usageDayOf(new Date());
    const [rows, limitMb] = await Promise.all([queries.findUsageSince(userId, deviceId, previousMonthStart(day)), queries.findLimit(userId)]);
    // Only when the account was deleted after its session was checked.
    if (limitMb === undefined) throw new NotFound('User not found');
    return {
      day,
      month: day.slice(0, 7),
      account: summarizeUsage(rows, day),
      device: summarizeUsage(
        rows.filter((row) => row.onDevice),
        day,
      ),
      limitMb,
    };
  }

  app.get('/api/data-usage', answer);

  app.put('/api/data-usage/limit', async (request, reply) => {
    const { limitMb } = parseInput(dataLimitRequestSchema, request.body);
    if (!(await queries.setLimit(currentUser(request).id, limitMb))) throw new NotFound('User not found');
    return answer(request, reply);
  });
}
