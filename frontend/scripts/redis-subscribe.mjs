/**
 * A Redis pub/sub subscriber in plain Node (net/tls and RESP), for the gateway image, which has
 * node but no node_modules: scripts/prerender-watch.mjs listens to the content service's
 * catalogue announcements with it. redis:// and rediss:// URLs, with user:password (AUTH) and a
 * database number in the path (SELECT). It reconnects for ever (0.5 s, doubling up to 5 s);
 * `onSubscribed` runs after every (re)subscription, as announcements made while the connection
 * was down are lost.
 */
import net from 'node:net';
import tls from 'node:tls';

/** RESP encoding of one command. */
const command = (...args) =>
  `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`;

/**
 * Parses one RESP value from `buf` at `at`: [value, next offset], or undefined when incomplete.
 * Errors come back as `{ error }`.
 */
export function parseResp(buf, at = 0) {
  const end = buf.indexOf('\r\n', at);
  if (end < 0) return undefined;
  const type = String.fromCharCode(buf[at]);
  const line = buf.toString('utf8', at + 1, end);
  const next = end + 2;
  switch (type) {
    case '+':
      return [line, next];
    case '-':
      return [{ error: line }, next];
    case ':':
      return [Number(line), next];
    case '$': {
      const n = Number(line);
      if (n < 0) return [null, next];
      if (buf.length < next + n + 2) return undefined;
      return [buf.toString('utf8', next, next + n), next + n + 2];
    }
    case '*': {
      const n = Number(line);
      if (n < 0) return [null, next];
      const items = [];
      let pos = next;
      for (let i = 0; i < n; i += 1) {
        const item = parseResp(buf, pos);
        if (!item) return undefined;
        items.push(item[0]);
        pos = item[1];
      }
      return [items, pos];
    }
    default:
      throw new Error(`redis: unexpected reply type ${JSON.stringify(type)}`);
  }
}

/**
 * Subscribes to `channel` on `redisUrl`. `onMessage(payload)` for each message; `onSubscribed()`
 * after each (re)subscription; `log(line)` for connection trouble. Returns { close() }.
 */
export function subscribe({ redisUrl, channel, clientName, onMessage, onSubscribed = () => {}, log = () => {} }) {
  const url = new URL(redisUrl);
  const secure = url.protocol === 'rediss:';
  const port = Number(url.port || 6379);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const db = Number(url.pathname.replace(/^\//, '') || 0);
  const setup = [];
  if (url.password)
    setup.push(
      url.username
        ? ['AUTH', decodeURIComponent(url.username), decodeURIComponent(url.password)]
        : ['AUTH', decodeURIComponent(url.password)],
    );
  if (clientName) setup.push(['CLIENT', 'SETNAME', clientName.replace(/[^A-Za-z0-9:_.-]/g, '_')]);
  if (db) setup.push(['SELECT', db]);

  let socket = null;
  let closed = false;
  let backoff = 500;
  let retryTimer = null;
  let connectedOnce = false;

  function connect() {
    if (closed) return;
    let buffer = Buffer.alloc(0);
    let pendingSetup = setup.length;
    const s = secure
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
      : net.connect({ host, port });
    socket = s;
    s.setKeepAlive(true, 30_000);
    s.setTimeout(10_000, () => s.destroy(new Error('connect timeout')));
    s.once(secure ? 'secureConnect' : 'connect', () => {
      s.setTimeout(0);
      s.write(setup.map((args) => command(...args)).join('') + command('SUBSCRIBE', channel));
    });
    s.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      let at = 0;
      for (;;) {
        let parsed;
        try {
          parsed = parseResp(buffer, at);
        } catch (err) {
          s.destroy(err);
          return;
        }
        if (!parsed) break;
        const [reply] = parsed;
        at = parsed[1];
        if (pendingSetup > 0) {
          pendingSetup -= 1;
          if (reply && typeof reply === 'object' && 'error' in reply) {
            log(`prerender-watch: redis refused the connection set-up: ${reply.error}`);
            s.destroy();
            return;
          }
          continue;
        }
        if (reply && typeof reply === 'object' && 'error' in reply) {
          log(`prerender-watch: redis: ${reply.error}`);
          s.destroy();
          return;
        }
        if (Array.isArray(reply) && reply[0] === 'subscribe' && reply[1] === channel) {
          backoff = 500;
          if (connectedOnce) log(`prerender-watch: subscribed again to ${channel}`);
          connectedOnce = true;
          onSubscribed();
        } else if (Array.isArray(reply) && reply[0] === 'message' && reply[1] === channel) {
          onMessage(reply[2]);
        }
      }
      buffer = buffer.subarray(at);
    });
    s.on('error', (err) => {
      if (!closed) log(`prerender-watch: redis ${host}:${port}: ${err.message}`);
    });
    s.on('close', () => {
      if (closed) return;
      retryTimer = setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 5000);
    });
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.destroy();
    },
  };
}
