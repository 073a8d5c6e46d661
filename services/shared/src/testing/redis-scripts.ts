import { randomUUID } from 'node:crypto';
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
  const connection = redis.duplicate();
  const monitor = await connection.monitor();
  let seen: { source: string; args: string[] }[] | undefined;
  monitor.on('monitor', (_time: string, args: string[], source: string) => seen?.push({ source, args }));
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
      monitor.disconnect();
      connection.disconnect();
    },
  };
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
