import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, NotFound } from './errors.js';

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

export function noApiRoute(request: FastifyRequest): NotFound {
  return new NotFound(`No API route ${request.method} ${request.url.split('?')[0]}`);
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
