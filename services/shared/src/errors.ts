/**
 * Operational errors: their message is safe to show to the client. Anything else that is thrown
 * becomes a 500 "Internal server error" and is only logged.
 */
export class AppError extends Error {
  readonly isOperational = true;
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, message, 'VALIDATION_ERROR', errors);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, message, 'UNAUTHENTICATED');
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that.', code = 'FORBIDDEN') {
    super(403, message, code);
  }
}

export class PremiumRequiredError extends ForbiddenError {
  constructor(message = 'This content is part of Premium membership.') {
    super(message, 'PREMIUM_REQUIRED');
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message, 'NOT_FOUND');
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message, 'CONFLICT');
  }
}

/** 410: what the request names existed and is gone for good (e.g. erased with its member's account). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message, 'GONE');
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests. Please try again later.',
  ) {
    super(429, message, 'RATE_LIMITED');
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is briefly unavailable. Please try again.') {
    super(503, message, 'UNAVAILABLE');
  }
}
