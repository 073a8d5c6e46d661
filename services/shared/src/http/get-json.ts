import http from 'node:http';
import https from 'node:https';

/** What another service answered: its status, and its body parsed as JSON when the status is 200. */
export interface JsonAnswer {
  status: number;
  /** The parsed body of a 200; undefined for any other status (its body is read and dropped). */
  body: unknown;
}

/** A service's JSON answer larger than this is refused (no internal answer comes near it). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * GET of another service's JSON over node:http, not `fetch`: Node's fetch is undici, and loading
 * it costs a service ~12 MB of RSS for a few internal calls (docs/PERFORMANCE.md, memory).
 * No redirect is followed (a 3xx is a status like any other). Rejects when the service cannot be
 * reached, does not answer within `timeoutMs` (the whole exchange, body included), or answers a
 * 200 whose body is not JSON or is over 8 MB.
 */
export function getJson(
  url: string,
  options: { headers?: Record<string, string>; timeoutMs: number },
): Promise<JsonAnswer> {
  return requestJson('GET', url, options);
}

/** As getJson, a POST of `body` as JSON (an internal call naming more members than a query holds). */
export function postJson(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; timeoutMs: number },
): Promise<JsonAnswer> {
  return requestJson('POST', url, { ...options, body: Buffer.from(JSON.stringify(body), 'utf8') });
}

function requestJson(
  method: 'GET' | 'POST',
  url: string,
  options: { headers?: Record<string, string>; timeoutMs: number; body?: Buffer },
): Promise<JsonAnswer> {
  const client = url.startsWith('https:') ? https : http;
  const { body } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(body.length) });
  return new Promise<JsonAnswer>((resolve, reject) => {
    const req = client.request(url, { method, headers, signal: AbortSignal.timeout(options.timeoutMs) }, (res) => {
      res.once('error', reject); // a connection cut or timed out while the body is read
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        res.resume();
        res.once('end', () => resolve({ status, body: undefined }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) req.destroy(new Error(`${url} answered more than ${MAX_BODY_BYTES} bytes`));
        else chunks.push(chunk);
      });
      res.once('end', () => {
        try {
          resolve({ status, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    });
    req.once('error', reject);
    req.end(body);
  });
}
