import type { Context, Middleware, Next } from 'koa';
import type * as Jwt from 'jsonwebtoken';
import type { ZodType } from 'zod';
import { ServiceUnavailableError, UnauthorizedError } from './errors';
import { getJson, type JsonAnswer, postJson } from './http/get-json';

/**
 * jsonwebtoken (~0.5 MB of heap) is loaded on the first service-to-service call (a member's data
 * export), not when a service starts (docs/PERFORMANCE.md, memory).
 */
function jwt(): typeof Jwt {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  return require('jsonwebtoken') as typeof Jwt;
}

/** The services that answer service-to-service calls; a token names one of them as its audience. */
export type ServiceName = 'auth' | 'content' | 'courses' | 'contact' | 'billing' | 'practice';

/** What a service-to-service call is about: the member it concerns, and their email. */
export interface ServiceClaims {
  /** The member the call is about (JWT `sub`). */
  userId: string;
  email?: string;
}

/** Service tokens live this long: long enough for one call, too short to be worth stealing. */
export const SERVICE_TOKEN_TTL_SECONDS = 60;
const ISSUER = 'fairway-mind';

/** A short-lived bearer token for one call from `issuer` to `audience` (HS256, JWT_SECRET). */
export function signServiceToken(
  secret: string,
  options: { issuer: ServiceName; audience: ServiceName; claims: ServiceClaims },
): string {
  return jwt().sign({ email: options.claims.email, svc: options.issuer }, secret, {
    algorithm: 'HS256',
    audience: options.audience,
    issuer: ISSUER,
    subject: options.claims.userId,
    expiresIn: SERVICE_TOKEN_TTL_SECONDS,
  });
}

/** Verifies a token meant for `audience`; throws UnauthorizedError for anything else. */
export function verifyServiceToken(secret: string, audience: ServiceName, token: string): ServiceClaims {
  try {
    const payload = jwt().verify(token, secret, { algorithms: ['HS256'], audience, issuer: ISSUER });
    if (typeof payload === 'string' || !payload.sub) throw new Error('no subject');
    return { userId: payload.sub, email: typeof payload.email === 'string' ? payload.email : undefined };
  } catch {
    throw new UnauthorizedError('A valid service token is required.');
  }
}

declare module 'koa' {
  interface DefaultState {
    /** Set by requireServiceToken: whom a service-to-service call is about. */
    service?: ServiceClaims;
  }
}

/**
 * Guards an internal route (never routed by the gateway): `Authorization: Bearer <token>` signed
 * with JWT_SECRET for this service's audience, else 401. Sets ctx.state.service.
 */
export function requireServiceToken(secret: string, audience: ServiceName): Middleware {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('Authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new UnauthorizedError('A valid service token is required.');
    ctx.state.service = verifyServiceToken(secret, audience, match[1]!);
    await next();
  };
}

/** A call to another service's internal route with a service token; its 200 answer parsed by `schema`. */
export interface ServiceCall<T> {
  url: string;
  jwtSecret: string;
  issuer: ServiceName;
  audience: ServiceName;
  claims: ServiceClaims;
  schema: ZodType<T>;
  timeoutMs: number;
  /** How the called service is named in the error ("member service"). */
  serviceName: string;
}

/**
 * GET of another service's internal route with a service token (`issuer` → `audience`, about
 * `claims`), its 200 answer parsed by `schema`. Unreachable, timed out or any other status →
 * ServiceUnavailableError: "The <service name> cannot be reached right now." /
 * "The <service name> answered <status>." (the cause attached).
 */
export function getFromService<T>(options: ServiceCall<T>): Promise<T> {
  return callService(options, (headers) => getJson(options.url, { headers, timeoutMs: options.timeoutMs }));
}

/** As getFromService, a POST of `body` (JSON): a question naming more than a query string holds. */
export function postToService<T>(options: ServiceCall<T> & { body: unknown }): Promise<T> {
  return callService(options, (headers) =>
    postJson(options.url, options.body, { headers, timeoutMs: options.timeoutMs }),
  );
}

async function callService<T>(
  options: ServiceCall<T>,
  send: (headers: Record<string, string>) => Promise<JsonAnswer>,
): Promise<T> {
  const { issuer, audience, claims } = options;
  const token = signServiceToken(options.jwtSecret, { issuer, audience, claims });
  let answer: JsonAnswer;
  try {
    answer = await send({ Authorization: `Bearer ${token}` });
  } catch (err) {
    throw Object.assign(new ServiceUnavailableError(`The ${options.serviceName} cannot be reached right now.`), {
      cause: err,
    });
  }
  if (answer.status !== 200) throw new ServiceUnavailableError(`The ${options.serviceName} answered ${answer.status}.`);
  return options.schema.parse(answer.body);
}
