import { recordPlayRequestSchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { parseLocalSongId } from '../songs/catalogue-id.js';
import { EXTERNAL_PLAY_MESSAGE, type PlayService } from './service.js';

export async function playRoutes(app: FastifyInstance, { plays }: { plays: PlayService }) {
  app.post<{ Params: { id: string } }>('/api/songs/:id/play', async (request) => {
    const songId = parseLocalSongId(request.params.id, EXTERNAL_PLAY_MESSAGE);
    const body = parseInput(recordPlayRequestSchema, request.body);
    return plays.recordPlay(currentUser(request).id, songId, body);
  });
}
