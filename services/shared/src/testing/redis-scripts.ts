import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import type { Redis } from 'ioredis';

/** One Lua script run as Redis saw it: the keys it was given (KEYS[]) and the keys its commands touched. */
export interface ScriptRun {
  keys: string[];
  touched: string[];
}

/**
 * Watches, with MONITOR on a connection of its own, the scripts run on keys under `prefix` (the
 * test's own prefix: the Redis is shared) and the keys their commands touched, as Redis itself
 * names them (COMMAND GETKEYS). A script's commands follow its EVAL/EVALSHA line (scripts run
 * atomically: nothing else runs between).
 */
export async function watchScripts(redis: Redis, prefix: string) {
  // A plain socket: ioredis' monitor() loses track of its replies when MONITOR lines of a busy
  // (shared) Redis arrive before its OK.
  const { host, port } = redis.options;
  const socket = connect({ host: host ?? '127.0.0.1', port: port ?? 6379 });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  let seen: { source: string; args: string[] }[] | undefined;
  let buffered = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 2);
      const parsed = parseMonitorLine(line);
      if (parsed) seen?.push(parsed);
    }
  });
  socket.write('MONITOR\r\n');
  const ours = (key: string) => key.startsWith(`${prefix}:`);

  return {
    /** The scripts `run` ran on the test's keys, in order. */
    async during(run: () => Promise<unknown>): Promise<ScriptRun[]> {
      const lines: { source: string; args: string[] }[] = [];
      seen = lines;
      const marker = `${prefix}:watch-end:${randomUUID()}`;
      try {
        await run();
        await redis.echo(marker);
        const deadline = Date.now() + 5000;
        while (!lines.some(({ args }) => args[0]?.toLowerCase() === 'echo' && args[1] === marker)) {
          if (Date.now() > deadline) throw new Error('MONITOR never showed the end marker');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        seen = undefined;
      }
      const runs: ScriptRun[] = [];
      let current: ScriptRun | undefined;
      for (const { source, args } of lines) {
        const name = (args[0] ?? '').toLowerCase();
        if (source !== 'lua') {
          current = undefined;
          if (name === 'eval' || name === 'evalsha') {
            const keys = args.slice(3, 3 + Number(args[2]));
            if (keys.some(ours)) runs.push((current = { keys, touched: [] }));
          }
        } else if (current) {
          // A command without keys (TIME) has none to give: Redis answers an error.
          const keys = ((await redis.call('COMMAND', 'GETKEYS', ...args).catch(() => [])) as string[]).filter(ours);
          for (const key of keys) if (!current.touched.includes(key)) current.touched.push(key);
        }
      }
      return runs;
    },
    close(): void {
      socket.destroy();
    },
  };
}

/** `+<time> [<db> <client address or lua>] "CMD" "arg"…` (args escaped as Redis' sdscatrepr does). */
function parseMonitorLine(line: string): { source: string; args: string[] } | undefined {
  const head = /^\+\d+\.\d+ \[\d+ ([^\]]+)\] /.exec(line);
  if (!head) return undefined;
  const args: string[] = [];
  for (const match of line.slice(head[0].length).matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    const text = match[1]!.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_, code: string) => {
      if (code.length === 3) return String.fromCharCode(parseInt(code.slice(1), 16));
      return ({ n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' } as Record<string, string>)[code] ?? code;
    });
    args.push(Buffer.from(text, 'latin1').toString('utf8'));
  }
  return { source: head[1] === 'lua' ? 'lua' : head[1]!, args };
}

/** CRC16 (XMODEM), the hash Redis Cluster places keys by. */
function crc16(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The Redis Cluster slot of a key: of its hash tag (`{…}`, non-empty) if it has one, else of the whole key. */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  const close = open >= 0 ? key.indexOf('}', open + 1) : -1;
  const hashed = open >= 0 && close > open + 1 ? key.slice(open + 1, close) : key;
  return crc16(Buffer.from(hashed)) % 16384;
}
