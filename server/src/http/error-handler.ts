import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, NotFound } from './errors.js';
import { setApiHeaders } from './security-headers.js';

/** One error shape for every non-OK answer: `{ "message": … }`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: `Something went wrong on our side (request ${request.id}).` });
  });

  app.setNotFoundHandler((request) => {
    throw noApiRoute(request);
  });
}

/**
 * Answers a request the router could not read (malformed percent-encoding, an over-long
 * parameter) in the app's own shape and headers; no route, hook or handler runs for it, and the
 * URL is not echoed back.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  setApiHeaders(reply);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      reply.status(400).send({ message: 'That address is not valid: it has malformed percent-encoding.' });
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      reply.status(414).send({ message: 'That address is too long.' });
      return;
    default:
      reply.status(500).send({ message: 'Something went wrong on our side.' });
  }
}

export function noApiRoute(request: FastifyRequest): NotFound {
  // An absolute-form target (only ever this server's own host) is named by its path.
  const target = request.url.startsWith('/') ? request.url : new URL(request.url).pathname;
  return new NotFound(`No API route ${request.method} ${target.split('?')[0]}`);
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
      return error.statusCode === 400 && error.message.includes('JSON') ? 'The request body is not valid JSON.' : error.message;
    default:
      return error.message;
  }
}
