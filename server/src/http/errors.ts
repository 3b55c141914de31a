/** Named domain errors; the error handler maps each to its status and `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'You need to sign in to do that.') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}
export class ServiceUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(message = 'Too many attempts. Please wait a minute and try again.') {
    super(429, message);
  }
}
