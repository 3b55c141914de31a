import {
  CONFIRMATION_SENT_MESSAGE,
  forgotPasswordRequestSchema,
  linkTokenRequestSchema,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  resetPasswordRequestSchema,
} from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RequestLimit, routeRateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { AuthService } from '../auth/service.js';
import { currentUser, sessionUser } from '../auth/session-guard.js';
import type { LinkOpener } from './account-links.js';
import type { EmailAddressService } from './email-address.js';
import type { PasswordResetService } from './password-reset.js';

type AccountEmailRouteOptions = {
  passwordReset: PasswordResetService;
  emailAddress: EmailAddressService;
  auth: AuthService;
  rateLimit: RequestLimit;
};

/** Reading the address and its pending change: Settings asks once in a while, never in a loop. */
const READ_LIMIT: RequestLimit = { max: 60, windowMs: 60_000 };

/**
 * The account's e-mail links (issue 18). A link works without a session (it is often opened on
 * another device), so its routes are public; every one is rate limited like sign-in, and, being
 * POSTs, covered by the Origin check.
 */
export async function accountEmailRoutes(app: FastifyInstance, { passwordReset, emailAddress, auth, rateLimit }: AccountEmailRouteOptions) {
  const limited = { rateLimit: routeRateLimit(rateLimit) };
  const publicLimited = { public: true as const, ...limited };

  /** A signed-in opener may use only their own account's links. */
  async function openerOf(request: FastifyRequest): Promise<LinkOpener> {
    return { signedInUserId: (await sessionUser(request, auth))?.id };
  }
  const tokenOf = (request: FastifyRequest) => parseInput(linkTokenRequestSchema, request.body).token;

  app.post('/api/auth/password/forgot', { config: publicLimited }, async (request, reply) => {
    const { email } = parseInput(forgotPasswordRequestSchema, request.body);
    await passwordReset.requestReset(email);
    return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
  });

  app.post('/api/auth/password/reset/check', { config: publicLimited }, async (request) =>
    passwordReset.checkReset(tokenOf(request), await openerOf(request)),
  );

  app.post('/api/auth/password/reset', { config: publicLimited }, async (request) => {
    const { token, newPassword } = parseInput(resetPasswordRequestSchema, request.body);
    await passwordReset.resetPassword(token, newPassword, await openerOf(request));
    return { message: PASSWORD_RESET_DONE_MESSAGE };
  });

  app.post('/api/account/email/confirm', { config: publicLimited }, async (request) =>
    emailAddress.confirmEmail(tokenOf(request), await openerOf(request)),
  );

  app.post('/api/account/email/change/confirm', { config: publicLimited }, async (request) =>
    emailAddress.confirmChange(tokenOf(request), await openerOf(request)),
  );

  app.post('/api/account/email/change/undo', { config: publicLimited }, async (request) =>
    emailAddress.undoChange(tokenOf(request), await openerOf(request)),
  );

  app.get('/api/account/email', { config: { rateLimit: routeRateLimit(READ_LIMIT) } }, async (request) =>
    emailAddress.accountEmail(currentUser(request)),
  );

  app.post('/api/account/email/resend', { config: limited }, async (request, reply) => {
    await emailAddress.resendConfirmation(currentUser(request));
    return reply.status(202).send({ message: CONFIRMATION_SENT_MESSAGE });
  });
}
