import { updateProfileRequestSchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import type { ProfileService } from './service.js';

export async function profileRoutes(app: FastifyInstance, { profile }: { profile: ProfileService }) {
  app.patch('/api/user/profile', async (request) =>
    profile.updateProfile(currentUser(request), parseInput(updateProfileRequestSchema, request.body)),
  );
}
