'use strict';
// SMTP sink for dev and tests: accepts every message (or, when told, refuses them with a
// temporary failure), keeps them in memory and shows them over a small HTTP API.
//
//   const { startSmtpSink } = require('@fm/smtp-sink');
//   const sink = await startSmtpSink({ smtpPort: 0, httpPort: 0 });
//   ... send mail to 127.0.0.1:sink.smtpPort ...
//   const mail = await sink.waitFor((m) => m.to.includes('founder@fairwaymind.local'));
//   await sink.close();

const http = require('node:http');
const { Buffer } = require('node:buffer');
const { clearTimeout } = require('node:timers');
const libmime = require('libmime');
const { simpleParser } = require('mailparser');
const { SMTPServer } = require('smtp-server');

const MAX_KEPT = 1000;
const MAX_SIZE = 25 * 1024 * 1024;

/**
 * @typedef {import('./index').Message} Message
 * @typedef {import('./index').SmtpSink} SmtpSink
 * @typedef {import('./index').SmtpSinkOptions} SmtpSinkOptions
 */

/** @param {SmtpSinkOptions} [options] @returns {Promise<SmtpSink>} */
async function startSmtpSink(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  /** @type {Message[]} */
  let messages = [];
  let nextId = 1;
  /** @type {{ code: number, message: string } | null} */
  let failing = null;
  /** @type {Set<{ predicate: (m: Message) => boolean, resolve: (m: Message) => void }>} */
  const waiters = new Set();

  const smtp = new SMTPServer({
    name: 'fairway-mind-smtp-sink',
    banner: 'Fairway Mind SMTP sink',
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: MAX_SIZE,
    closeTimeout: 500, // tests close the sink while pooled clients may still be connected
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'sink' });
    },
    onMailFrom(_address, _session, callback) {
      if (!failing) return callback();
      const err = /** @type {Error & { responseCode?: number }} */ (new Error(failing.message));
      err.responseCode = failing.code;
      callback(err);
    },
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          const err = /** @type {Error & { responseCode?: number }} */ (
            new Error('Message exceeds fixed maximum message size')
          );
          err.responseCode = 552;
          return callback(err);
        }
        toMessage(Buffer.concat(chunks), session, String(nextId++)).then(
          (message) => {
            messages.push(message);
            if (messages.length > MAX_KEPT) messages = messages.slice(-MAX_KEPT);
            log(`mail ${message.id} from ${message.from} to ${message.to.join(', ')}: ${message.subject}`);
            for (const w of waiters) {
              if (safeMatch(w.predicate, message)) {
                waiters.delete(w);
                w.resolve(message);
              }
            }
            callback();
          },
          (err) => callback(err),
        );
      });
    },
  });
  smtp.on('error', (err) => log(`smtp error: ${err.message}`));

  const api = {
    messages: () => messages.slice(),
    clear() {
      messages = [];
    },
    /** @param {boolean} on @param {number} [code] */
    setFailing(on, code = 451) {
      failing = on
        ? {
            code,
            message:
              code >= 500 ? '5.3.0 Mail refused (sink told to fail)' : '4.3.0 Temporary failure (sink told to fail)',
          }
        : null;
    },
    isFailing: () => failing !== null,
  };

  const smtpPort = await listen(smtp.server, options.smtpPort ?? 0, host);

  /** @type {http.Server | null} */
  let httpServer = null;
  let httpPort = null;
  if (options.httpPort !== false && options.httpPort !== null) {
    httpServer = http.createServer((req, res) => handleHttp(req, res, api));
    httpServer.keepAliveTimeout = 1000;
    try {
      httpPort = await listen(httpServer, options.httpPort ?? 0, host);
    } catch (err) {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
      throw err;
    }
  }

  let closed = false;
  return {
    smtpPort,
    httpPort,
    host,
    ...api,
    waitFor(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find((m) => safeMatch(predicate, m));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          /** @param {Message} m */
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `"${m.subject}" to ${m.to.join(',')}`).join('; ') || 'none';
          reject(new Error(`smtp-sink: no matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
        httpServer
          ? new Promise((resolve) => {
              httpServer?.close(() => resolve(undefined));
              httpServer?.closeAllConnections();
            })
          : Promise.resolve(),
      ]);
    },
  };
}

/** @param {(m: Message) => boolean} predicate @param {Message} m */
function safeMatch(predicate, m) {
  try {
    return Boolean(predicate(m));
  } catch {
    return false;
  }
}

/**
 * The message as the HTTP API shows it, parsed by mailparser. `text` and `html` are the parts
 * the sender wrote (none is made from the other); header values are decoded strings.
 * @param {Buffer} raw
 * @param {import('smtp-server').SMTPServerSession} session
 * @param {string} id
 * @returns {Promise<Message>}
 */
async function toMessage(raw, session, id) {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    keepCidLinks: true,
  });
  /** @type {Record<string, string>} */
  const headers = {};
  for (const { key, line } of parsed.headerLines) {
    const value = libmime.decodeWords(libmime.decodeHeader(line).value).trim();
    headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
  }
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const to = session.envelope.rcptTo.map((r) => r.address);
  return {
    id,
    from: headers.from || envelopeFrom,
    to,
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').replace(/\r\n/g, '\n'),
    html: parsed.html || '',
    headers,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
    })),
    envelope: { from: envelopeFrom, to },
    raw: raw.toString('utf8'),
    receivedAt: new Date().toISOString(),
  };
}

/** @param {import('node:net').Server} server @param {number} port @param {string} host @returns {Promise<number>} */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (/** @type {Error} */ err) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {{ messages(): Message[], clear(): void, setFailing(on: boolean, code?: number): void, isFailing(): boolean }} api
 */
function handleHttp(req, res, api) {
  const url = new URL(req.url || '/', 'http://sink');
  /** @param {number} status @param {unknown} [body] */
  const send = (status, body) => {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(json);
  };
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to');
    const list = api.messages().filter((m) => !to || m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
    return send(200, list);
  }
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    api.clear();
    return send(204);
  }
  if (url.pathname === '/failing' && (req.method === 'PUT' || req.method === 'POST')) {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
      if (body.length > 1024) req.destroy();
    });
    req.on('end', () => {
      try {
        const parsed = JSON.parse(body || '{}');
        if (typeof parsed.failing !== 'boolean')
          return send(400, { message: 'Body must be {"failing": boolean, "code"?: number}' });
        api.setFailing(parsed.failing, typeof parsed.code === 'number' ? parsed.code : undefined);
        return send(200, { failing: api.isFailing() });
      } catch {
        return send(400, { message: 'Body must be JSON' });
      }
    });
    return;
  }
  if (url.pathname === '/failing' && req.method === 'GET') return send(200, { failing: api.isFailing() });
  if (url.pathname === '/healthz' && req.method === 'GET') return send(200, { status: 'ok' });
  return send(404, { message: 'Not found', code: 'NOT_FOUND' });
}

module.exports = { startSmtpSink };
