import { EMAIL_CONFIRMATION_NEEDED_MESSAGE } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MailSettings } from '../../config.js';
import { Forbidden, Unauthorized } from '../../http/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Uploads and payments: refused (403) while the listener's address is unconfirmed, on a server
     * that confirms addresses. A function decides from the parsed request (an upgrade, not a cancel).
     */
    needsConfirmedEmail?: true | ((request: FastifyRequest) => boolean);
  }
}

/**
 * Whether this server confirms addresses: only one that can deliver the links, through SMTP or,
 * in development, the /dev/mail page. Without either no link could reach anyone, so nothing waits
 * for one: uploads and payments stay open and the app shows no banner.
 */
export function confirmsEmail(mail: MailSettings): boolean {
  return Boolean(mail.smtpUrl) || mail.devMailPage;
}

/**
 * Checks `needsConfirmedEmail` on preHandler: after the session guard found the user and the body
 * was parsed, before the handler reads an upload's files.
 */
export function registerConfirmedEmailCheck(app: FastifyInstance, { required }: { required: boolean }): void {
  if (!required) return;
  app.addHook('preHandler', async (request) => {
    const needs = request.routeOptions.config.needsConfirmedEmail;
    if (needs === undefined || (typeof needs === 'function' && !needs(request))) return;
    if (request.user === null) throw new Unauthorized();
    if (request.user.emailConfirmedAt === null) throw new Forbidden(EMAIL_CONFIRMATION_NEEDED_MESSAGE);
  });
}
