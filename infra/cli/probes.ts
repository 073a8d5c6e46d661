// Probes of what answers where: a TCP connect, an HTTP status, Redis's PING, a MongoDB-protocol
// server's ping (infra/lib/mongo-ping.js, which also tells FerretDB from mongod).
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './config.ts';

/** Connects, sends `payload` (if any), resolves with the first chunk answered ('' for none), or null when nothing listens. */
function exchange(host: string, port: number, payload: string | null, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let done = false;
    const finish = (value: string | null): void => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(ms, () => finish(payload === null ? '' : null));
    socket.on('error', () => finish(null));
    socket.on('connect', () => {
      if (payload === null) finish('');
      else socket.write(payload);
    });
    socket.on('data', (chunk) => finish(chunk.toString('latin1')));
    socket.on('end', () => finish(null));
  });
}

export const tcpOpen = async (host: string, port: number): Promise<boolean> =>
  (await exchange(host, port, null, 2000)) !== null;

/** The status code of GET `url` on host:port (HTTP/1.0), or null when nothing answers. */
export async function httpStatus(host: string, port: number, url: string, header = ''): Promise<number | null> {
  const request = `GET ${url} HTTP/1.0\r\nHost: ${host}\r\n${header ? `${header}\r\n` : ''}\r\n`;
  const answer = await exchange(host, port, request, 5000);
  const code = answer?.match(/^HTTP\/\S+ (\d{3})/)?.[1];
  return code ? Number(code) : null;
}

export const httpOk = async (host: string, port: number, url: string, header = ''): Promise<boolean> =>
  (await httpStatus(host, port, url, header)) === 200;
export const httpAny = async (host: string, port: number, url: string): Promise<boolean> =>
  (await httpStatus(host, port, url)) !== null;

/** A Redis answers PING (or asks for a password: it is a Redis all the same). */
export async function redisPing(host: string, port: number): Promise<boolean> {
  const line = await exchange(host, port, 'PING\r\n', 3000);
  return line !== null && /^(\+PONG|-NOAUTH)/.test(line);
}

/** What answers the MongoDB protocol at `url`: 'ferretdb', 'mongodb', or null for nothing. */
export function mongoKind(url: string): 'ferretdb' | 'mongodb' | null {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'infra/lib/mongo-ping.js'), url], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  return r.stdout.trim() === 'ferretdb' ? 'ferretdb' : 'mongodb';
}
export const mongoPing = (url: string): boolean => mongoKind(url) !== null;
