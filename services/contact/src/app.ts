import { createApp, QueueProducer, QUEUES, RateLimiter, type ServiceDeps } from '@fm/shared';
import type Koa from 'koa';
import type { Config } from './config';
import { ContactService } from './domain/contact.service';
import { contactRouter } from './routes/contact.routes';

export interface ContactParts {
  producer: QueueProducer<typeof QUEUES.notifications>;
  contact: ContactService;
}

const partsByDeps = new WeakMap<ServiceDeps<Config>, ContactParts>();

/** The producer and the contact service, one per deps (buildApp and start() share them). */
export function contactParts(deps: ServiceDeps<Config>): ContactParts {
  let parts = partsByDeps.get(deps);
  if (!parts) {
    const producer = new QueueProducer(QUEUES.notifications, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
    });
    parts = { producer, contact: new ContactService({ mongo: deps.mongo, producer, logger: deps.logger }) };
    partsByDeps.set(deps, parts);
  }
  return parts;
}

export function buildApp(deps: ServiceDeps<Config>, parts: ContactParts = contactParts(deps)): Koa {
  const rule = {
    name: 'contact-ip',
    limit: deps.config.CONTACT_RATE_LIMIT,
    windowSeconds: deps.config.CONTACT_RATE_WINDOW_SECONDS,
  };
  const limiter = new RateLimiter(deps.redis, deps.config.REDIS_PREFIX);
  return createApp(deps, { name: 'contact', routers: [contactRouter(parts.contact, limiter, rule)] });
}
