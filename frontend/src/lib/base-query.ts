import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';

/**
 * The fetch semantics of SPEC §7 in one place:
 * - every call sends credentials (session cookie);
 * - a JSON body and `Content-Type: application/json` only when there is a payload;
 * - a non-2xx answer becomes an ApiError whose message is "<status>: <body text or statusText>";
 * - an endpoint may opt into `extraOptions: { on401: 'returnNull' }` to read a 401 as `null`;
 * - no retries (nothing here retries, and the slice sets no polling or refetch triggers).
 */
export const API_BASE_URL = '/api';

export type ApiRequest =
  | string
  | {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      body?: unknown;
      params?: Record<string, string | number | boolean | undefined | null>;
    };

export type ApiError = {
  /** HTTP status, or 'FETCH_ERROR' when no answer came back at all. */
  status: number | 'FETCH_ERROR';
  /** "<status>: <body text or statusText>", or the network error's message. */
  message: string;
  /** The answer's body: parsed JSON when it was JSON, else its text. */
  data?: unknown;
};

export type ApiExtraOptions = { on401?: 'throw' | 'returnNull' };

/** What an endpoint's `transformResponse` may read besides the body, e.g. `X-Total-Count`. */
export type ApiMeta = { response: Response };

/** The absolute URL of an API path ("auth/user" → "<origin>/api/auth/user"), with query parameters. */
export function buildUrl(path: string, params?: Extract<ApiRequest, object>['params']): string {
  const clean = path.replace(/^\/+/, '');
  let url = `${API_BASE_URL}/${clean}`;
  if (params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const qs = search.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  // Absolute against the page, so the same code runs in the browser and under jsdom/Node fetch.
  return typeof window !== 'undefined' ? new URL(url, window.location.href).toString() : url;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const apiBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError, ApiExtraOptions, ApiMeta> = async (
  request,
  { signal },
  extraOptions,
) => {
  const {
    url,
    method = 'GET',
    body,
    params,
  } = typeof request === 'string'
    ? { url: request, method: 'GET' as const, body: undefined, params: undefined }
    : request;

  const hasPayload = body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(url, params), {
      method,
      credentials: 'include',
      headers: hasPayload ? { 'Content-Type': 'application/json' } : undefined,
      body: hasPayload ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (err) {
    return { error: fetchError(err) };
  }

  if (response.status === 401 && extraOptions?.on401 === 'returnNull') {
    return { data: null };
  }

  if (!response.ok) return { error: await readApiError(response) };
  return { data: parseBody(await response.text()), meta: { response } };
};

/** The ApiError of a non-2xx answer: "<status>: <body text or statusText>", with the parsed body. */
export async function readApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  return {
    status: response.status,
    message: `${response.status}: ${text || response.statusText}`,
    data: parseBody(text),
  };
}

/** The ApiError of a request that got no answer (network failure, abort). */
export function fetchError(err: unknown): ApiError {
  return { status: 'FETCH_ERROR', message: err instanceof Error ? err.message : 'Network request failed' };
}

/** True when `error` is an ApiError produced by apiBaseQuery. */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/** The `message` of the server's JSON error envelope (`ErrorBody` in @fm/contracts), if any. */
export function getServerMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/** Field errors of the server's envelope (`errors: {field: message}`), if any. */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const data = error.data;
  if (typeof data === 'object' && data !== null && 'errors' in data) {
    const errors = (data as { errors: unknown }).errors;
    if (typeof errors === 'object' && errors !== null) {
      return Object.fromEntries(
        Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
  }
  return {};
}
