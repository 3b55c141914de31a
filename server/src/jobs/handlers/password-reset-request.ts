import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { issuePasswordReset } from '../../features/account-email/password-reset.js';
import { createAccountEmailQueries } from '../../features/account-email/queries.js';
import type { JobHandler } from '../worker.js';

export { PASSWORD_RESET_REQUEST_JOB } from '../../features/account-email/password-reset.js';

const payloadSchema = z.object({ email: z.string() });

/**
 * 'password-reset-request': makes the reset link of a forgotten password and queues its e-mail,
 * when an account uses the address (features/account-email/password-reset.ts says why it is a job).
 */
export function createPasswordResetRequestHandler({ db, linkOrigin }: { db: Db; linkOrigin: string }): JobHandler {
  const queries = createAccountEmailQueries(db);
  return {
    async run(payload) {
      const { email } = payloadSchema.parse(payload);
      return issuePasswordReset(queries, { email, linkOrigin, now: new Date() });
    },
  };
}
