import { HttpError } from '../../http/errors.js';

export const ONLY_HTTPS_MESSAGE = 'Only HTTPS preview URLs can be played.';
export const CREDENTIALS_MESSAGE = 'Preview URLs cannot carry a user name or password.';
export const HOST_NOT_ALLOWED_MESSAGE = 'This host is not an allowed preview source.';
export const ADDRESS_NOT_ALLOWED_MESSAGE = 'This address is not allowed.';
export const PREVIEW_EXPIRED_MESSAGE = 'This preview link has expired.';
export const SOURCE_ERROR_MESSAGE = 'The preview source answered with an error.';
export const SOURCE_UNREACHABLE_MESSAGE = 'The preview source could not be reached.';
export const NOT_AUDIO_MESSAGE = 'The preview source did not send audio.';
export const TOO_LARGE_MESSAGE = 'The preview is larger than the proxy relays.';
export const TOO_MANY_REDIRECTS_MESSAGE = 'The preview source redirected too many times.';
export const TOO_SLOW_MESSAGE = 'The preview source took too long to answer.';

/**
 * A request the proxy will not make (400/403), or an answer it will not relay (410/502/504).
 * `detail` is for the log only: it may name internal addresses the client must not learn.
 */
export class ProxyError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly detail?: string,
  ) {
    super(statusCode, message);
  }
}

/** The listener closed the connection: nothing is sent, the upstream request is abandoned. */
export class ListenerGone extends HttpError {
  constructor() {
    // nginx's "client closed request": no answer reaches anyone, but the log says what happened.
    super(499, 'The listener closed the connection.');
  }
}
