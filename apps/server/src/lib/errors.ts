import type { FieldErrors } from "@atelier/contract";

/** Domain errors thrown by services; the one error handler maps them to HTTP (see app.ts). */
export abstract class AppError extends Error {
  abstract readonly status: number;
}

export class NotFoundError extends AppError {
  readonly status = 404;
  constructor(message = "Not found.") {
    super(message);
  }
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  constructor(message = "Authentication credentials were not provided.") {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  constructor(message = "You do not have permission to perform this action.") {
    super(message);
  }
}

export class ConflictError extends AppError {
  readonly status = 409;
}

/** 409 with field arrays: the value conflicts with a row that exists (`{"number": ["..."]}`). */
export class FieldConflictError extends AppError {
  readonly status = 409;
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).flat()[0] ?? "Conflict.");
  }
}

/** 400 with field arrays: `{"email": ["..."]}`, or `{"non_field_errors": ["..."]}` for the whole form. */
export class ValidationError extends AppError {
  readonly status = 400;
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).flat()[0] ?? "Invalid input.");
  }
}

/** 400 as `{"error": "..."}`, where the spec's client reads an `error` field. */
export class ErrorFieldError extends AppError {
  readonly status = 400;
}

/** 400 as `{"detail": "..."}`: a request that cannot be read (malformed body, a URL we never fetch). */
export class BadRequestError extends AppError {
  readonly status = 400;
}

/** 413: a file or body over its limit. */
export class PayloadTooLargeError extends AppError {
  readonly status = 413;
}

/** 415: the body is not in a form the path takes. */
export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
  constructor(message = "Unsupported media type in request.") {
    super(message);
  }
}

/** 406: the path cannot answer in a form the request accepts (an event stream asked for as JSON). */
export class NotAcceptableError extends AppError {
  readonly status = 406;
}

/** 422: well-formed, but there is nothing to work with (a page without a product). */
export class UnprocessableError extends AppError {
  readonly status = 422;
}

/** 502: a server we depend on (a shop's page) answered badly or not at all. */
export class UpstreamFailedError extends AppError {
  readonly status = 502;
}

/** 504: a server we depend on did not answer in time. */
export class UpstreamTimedOutError extends AppError {
  readonly status = 504;
}

export class ThrottledError extends AppError {
  readonly status = 429;
  /** `message` replaces the generic text where the caller can say more (what was limited, what to do). */
  constructor(
    readonly retryAfterSeconds: number,
    message = `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`,
  ) {
    super(message);
  }
}
