import { twoFactorDisableRequestSchema, twoFactorVerifyRequestSchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import type { TwoFactorService } from './service.js';

export async function twoFactorRoutes(app: FastifyInstance, { twoFactor }: { twoFactor: TwoFactorService }): Promise<void> {
  app.get('/api/auth/2fa/status', async (request) => twoFactor.status(currentUser(request).id));

  app.post('/api/auth/2fa/setup', async (request, reply) => {
    const setup = await twoFactor.setup(currentUser(request));
    // The answer holds the secret and the backup codes: no cache may keep it.
    return reply.header('cache-control', 'no-store').send(setup);
  });

  app.post('/api/auth/2fa/verify', async (request) => {
    const input = parseInput(twoFactorVerifyRequestSchema, request.body);
    // The backup codes a client echoes back are ignored: the server keeps the ones setup issued.
    return twoFactor.verify(currentUser(request), {
      token: input.token,
      tempSecret: input.tempSecret,
      currentPassword: input.currentPassword,
    });
  });

  app.post('/api/auth/2fa/disable', async (request) => {
    const input = parseInput(twoFactorDisableRequestSchema, request.body);
    return twoFactor.disable(currentUser(request), input);
  });
}
