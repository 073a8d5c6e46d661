'use strict';
// A small HTTP client with a cookie jar, as a browser on the site would be: state-changing
// requests carry the site's Origin unless told otherwise.

const http = require('node:http');
const { randomBytes } = require('node:crypto');
const { config } = require('./config');

/**
 * @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string, json: any, ms: number }} Answer
 * @typedef {{ body?: unknown, raw?: string | Buffer, headers?: Record<string, string>, origin?: string | null,
 *   timeoutMs?: number, saveCookies?: boolean }} RequestOptions
 */

/** A loopback address of its own (127.x.y.z): the per-IP throttles of one run never meet another's. */
function freshLoopback() {
  const b = randomBytes(3);
  return `127.${((b[0] ?? 0) % 250) + 2}.${b[1] ?? 0}.${((b[2] ?? 0) % 250) + 2}`;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

class Client {
  /**
   * @param {string} [baseUrl]
   * @param {{ localAddress?: string }} [o] the address requests come from (default: one of its own)
   */
  constructor(baseUrl = config.baseUrl, o = {}) {
    this.baseUrl = baseUrl;
    this.localAddress = o.localAddress ?? freshLoopback();
    /** @type {Map<string, string>} */
    this.cookies = new Map();
  }

  /** @param {string} method @param {string} path @param {RequestOptions} [o] @returns {Promise<Answer>} */
  request(method, path, o = {}) {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json', ...(o.headers ?? {}) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const origin = o.origin === undefined ? config.siteOrigin : o.origin;
    if (origin !== null && method !== 'GET' && method !== 'HEAD') headers.origin = origin;
    /** @type {string | Buffer | undefined} */
    let body = o.raw;
    if (body === undefined && o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const url = new URL(this.baseUrl + path);
    const t = Date.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers,
          agent,
          localAddress: this.localAddress,
          timeout: o.timeoutMs ?? 60_000,
        },
        (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            for (const c of o.saveCookies === false ? [] : (res.headers['set-cookie'] ?? [])) {
              const [pair = ''] = c.split(';');
              const eq = pair.indexOf('=');
              if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
            }
            const text = Buffer.concat(chunks).toString('utf8');
            let json;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: Date.now() - t });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in ${o.timeoutMs ?? 60_000} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  /** @param {string} path @param {RequestOptions} [o] */
  get(path, o) {
    return this.request('GET', path, o);
  }

  /** @param {string} path @param {unknown} [body] @param {RequestOptions} [o] */
  post(path, body, o) {
    return this.request('POST', path, { ...o, body });
  }

  /** @param {string} path @param {unknown} [body] @param {RequestOptions} [o] */
  put(path, body, o) {
    return this.request('PUT', path, { ...o, body });
  }

  /** @param {string} path @param {RequestOptions} [o] */
  del(path, o) {
    return this.request('DELETE', path, o);
  }
}

/**
 * Runs `tasks` with at most `limit` at once; resolves with their results in order.
 * @template T @param {number} limit @param {Array<() => Promise<T>>} tasks @returns {Promise<T[]>}
 */
async function pool(limit, tasks) {
  /** @type {T[]} */
  const results = new Array(tasks.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await /** @type {() => Promise<T>} */ (tasks[i])();
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Polls `probe` until it returns a truthy value or the deadline passes (then throws `what`).
 * @template T @param {() => Promise<T>} probe @param {string} what @param {number} [timeoutMs]
 * @returns {Promise<NonNullable<T>>}
 */
async function eventually(probe, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return /** @type {NonNullable<T>} */ (last);
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

module.exports = { Client, pool, eventually, freshLoopback };
