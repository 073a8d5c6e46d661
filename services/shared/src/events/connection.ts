import type { ConnectionOptions } from 'bullmq';
import { Cluster, Redis } from 'ioredis';

/** Where the queues of a service live (its REDIS_URL and REDIS_PREFIX). */
export interface ProducerOptions {
  redisUrl: string;
  redisPrefix: string;
  /**
   * REDIS_URL names one node of a Redis Cluster: BullMQ connects through ioredis' Cluster client,
   * seeded by it (the kit's Cluster suite; the services connect to one Redis).
   */
  redisCluster?: boolean;
}

/** What the kit sets of a queue connection (each BullMQ object its own: see queues.ts). */
export interface QueueRedisOptions {
  enableOfflineQueue?: boolean;
  maxRetriesPerRequest?: number | null;
  connectTimeout?: number;
}

/** A Redis client for the queues' Redis: a Cluster client when `redisCluster`; `close` ends it. */
export function queueRedis(options: ProducerOptions, redisOptions: QueueRedisOptions): Redis | Cluster {
  const client = options.redisCluster
    ? new Cluster([options.redisUrl], {
        redisOptions,
        ...(redisOptions.enableOfflineQueue === false ? { enableOfflineQueue: false } : {}),
      })
    : new Redis(options.redisUrl, redisOptions);
  // Errors surface on the commands that fail; without a listener ioredis logs to stderr.
  client.on('error', () => undefined);
  return client;
}

/**
 * BullMQ's `connection` for one Queue, Worker or QueueEvents: the options (BullMQ connects and
 * disconnects) on one Redis; on a Cluster a Cluster client of its own, which BullMQ shares and
 * so leaves open: `close` ends it after the BullMQ object's own close.
 */
export function bullConnection(
  options: ProducerOptions,
  redisOptions: QueueRedisOptions,
): { connection: ConnectionOptions; close(): Promise<void> } {
  if (!options.redisCluster) {
    return { connection: { url: options.redisUrl, ...redisOptions }, close: async () => undefined };
  }
  const client = queueRedis(options, redisOptions);
  return { connection: client, close: () => closeRedis(client) };
}

/** QUIT, or a disconnect when Redis does not answer (it is down, or the client never connected). */
export async function closeRedis(client: Redis | Cluster): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}
