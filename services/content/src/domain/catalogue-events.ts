import type { Closable, Logger } from '@fm/shared/service';
import { Redis } from 'ioredis';
import { contentKeys } from '../redis-keys';
import type { CatalogueCache } from './catalogue-cache';

/** The Redis pub/sub channel on which a catalogue change is announced to every content replica. */
export function catalogueChannel(redisPrefix: string): string {
  return contentKeys(redisPrefix).catalogueChannel();
}

/** The subscriber's Redis client name (CLIENT LIST shows which connection is whose). */
export function subscriberName(redisPrefix: string): string {
  return contentKeys(redisPrefix).catalogueSubscriberName();
}

/**
 * Tells every content replica that the catalogue changed (an admin write, a seed run): each one
 * drops its cached catalogue when the message arrives. Returns how many replicas were listening.
 */
export async function announceCatalogueChange(redis: Redis, redisPrefix: string, what = 'catalogue'): Promise<number> {
  return redis.publish(catalogueChannel(redisPrefix), JSON.stringify({ what, at: new Date().toISOString() }));
}

/**
 * The replica's listener: a dedicated Redis connection subscribed to the channel (a subscribed
 * connection can run no other command). Every message clears the cache. While the connection is
 * down the cache is bypassed; after a reconnect it subscribes again and starts empty, so a change
 * announced meanwhile is never missed. Resolves once subscribed, or after `startTimeoutMs` when
 * Redis does not answer (the cache stays off until the subscription succeeds).
 */
export async function startCatalogueSubscriber(options: {
  redisUrl: string;
  redisPrefix: string;
  cache: CatalogueCache;
  logger: Logger;
  /** How long start-up waits for the subscription before going on uncached. */
  startTimeoutMs?: number;
}): Promise<Closable> {
  const { cache, logger } = options;
  const channel = catalogueChannel(options.redisPrefix);
  // Never gives up reconnecting; named, so CLIENT LIST tells whose connection it is.
  const subscriber = new Redis(options.redisUrl, {
    connectionName: subscriberName(options.redisPrefix),
    maxRetriesPerRequest: null,
    connectTimeout: 5000,
  });
  subscriber.on('error', () => undefined);
  let closing = false;

  subscriber.on('message', (received: string) => {
    if (received === channel) cache.clear();
  });
  const stopTrusting = () => {
    if (cache.isListening) logger.warn('catalogue subscriber disconnected; reading the catalogue uncached');
    cache.setListening(false);
  };
  subscriber.on('close', stopTrusting);
  subscriber.on('end', stopTrusting);
  subscriber.on('ready', () => {
    if (closing || cache.isListening) return;
    // ioredis subscribes again by itself after a reconnect; doing it here tells us when it is done.
    subscriber.subscribe(channel).then(
      () => {
        if (!closing) cache.setListening(true);
      },
      (err: unknown) => logger.warn({ err }, 'catalogue subscriber could not subscribe'),
    );
  });

  // Redis away at start-up must not keep the service from answering: after a few seconds it
  // starts uncached, and the 'ready' handler above turns the cache on once subscribed.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    subscriber.subscribe(channel).then(
      () => {
        if (!closing) cache.setListening(true);
      },
      (err: unknown) => logger.warn({ err }, 'catalogue subscriber could not subscribe'),
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        logger.warn('catalogue subscriber not subscribed yet; reading the catalogue uncached meanwhile');
        resolve();
      }, options.startTimeoutMs ?? 5000);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    async close() {
      closing = true;
      cache.setListening(false);
      if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
      else subscriber.disconnect();
    },
  };
}
