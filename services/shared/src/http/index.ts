/**
 * `@fm/shared/http`: a service's HTTP side — the Koa app, the errors that become answers, request
 * validation, calls to other services, rate limits, and the admin console's lists and audit log.
 * (Who the caller is: `@fm/shared/auth`.)
 */
export { createApp, type AppRouter, type CreateAppOptions } from './create-app';
export {
  AppError,
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  PremiumRequiredError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../errors';
export { paginationSchema, parseBody, parseQuery } from './validate';
export { stripBidiControls, textField, textLength, type TextFieldRule } from '../validation/text';
export { getJson, postJson, type JsonAnswer } from './get-json';
export { getFromService, postToService } from '../service-token';
export { RateLimiter, type RateLimitRule } from '../rate-limit';
export {
  adminListQuerySchema,
  adminSearchField,
  AuditLog,
  changeSummary,
  escapeRegExp,
  findPage,
  NEWEST_FIRST,
  wordSearchFilter,
  type AdminPageQuery,
  type AuditRecord,
} from '../admin';
