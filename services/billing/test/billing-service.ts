/**
 * The billing service for its integration tests, wired by its own compose on an isolated
 * database and Redis prefix, against stripe-mock: one place for what every billing test file
 * sets up, and the helpers they share (signed webhook deliveries, the jobs billing queued,
 * auth's account events published as auth publishes them).
 */
import { QUEUES, type QueueName } from '@fm/contracts';
import { closeBackground, type Background } from '@fm/shared/service';
import { bullPrefix, QueueProducer } from '@fm/shared/queues';
import { createTestDeps, type TestDeps } from '@fm/shared/testing';
import { type Job, QueueEvents } from 'bullmq';
import type Koa from 'koa';
import request from 'supertest';
import { type BillingOverrides, compose } from '../src/compose';
import { configSchema, type BillingConfig } from '../src/config';
import type { BillingProducers } from '../src/events/billing.producers';
import { INBOX_COLLECTION } from '../src/domain/stripe-webhook.service';
import { WEBHOOK_PATH } from '../src/routes/webhook.routes';
import { assertStripeMockUp, billingEnv, signed, StripeEvents } from './stripe-events';

/** Billing's two producers: membership changes for auth, coaching bookings for mail. */
export type BillingQueue = 'membership' | 'notifications';

const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized'] as const;

type Composed = Awaited<ReturnType<typeof compose>>;

export interface BillingTestService {
  deps: TestDeps<BillingConfig>;
  app: Koa;
  /** Its background parts; the account-events consumer is not started (a test starts it). */
  background: Composed['background'];
  producers: BillingProducers;
  /** The service's one writer of subscription state (for services a test builds by hand). */
  ledger: Composed['ledger'];
  /** The service's MRR ledger (for services a test builds by hand). */
  mrr: Composed['mrr'];
  /** Billing's inbox entry of a Stripe event (`billing_inbox`): state claimed/done and the outcome; null when none. */
  inboxEntry(eventId: string): Promise<{ state: string; outcome: string | null; claimedAt: Date } | null>;
  /** stripe-mock's fixtures, ready to be made into events. */
  events: StripeEvents;
  /** Another billing app on the same deps (its background is closed with this one). */
  compose(overrides: BillingOverrides): Promise<Koa>;
  /** The same, app and background (e.g. its account-events consumer with a watched Stripe client). */
  composeService(overrides: BillingOverrides): Promise<Composed>;
  /** Publishes auth's `account-deleted` for billing, as auth does (job id from the event id unless given). */
  accountDeleted(userId: string, eventId: string, jobId?: string): Promise<Job>;
  /** POSTs `event` to the webhook, signed as Stripe signs it, to this service's app or `app`. */
  deliver(event: Parameters<typeof signed>[0], options?: Parameters<typeof signed>[1], app?: Koa): request.Test;
  /**
   * Every job (in any state) billing queued on `queue` whose payload `match`es: the payload billing
   * published, also once a consumer has redacted it (PERSONAL_DATA_QUEUES).
   */
  jobs(queue: BillingQueue, match?: (data: Record<string, unknown>) => boolean): Promise<Job[]>;
  /** BullMQ's completed/failed events of one of billing's queues, or another (for job.waitUntilFinished). */
  queueEvents(queue: BillingQueue | QueueName): Promise<QueueEvents>;
  /** Closes everything it composed and opened, then removes the database and Redis prefix. */
  close(): Promise<void>;
}

export async function startBillingService(env: Record<string, string> = {}): Promise<BillingTestService> {
  await assertStripeMockUp();
  const deps = await createTestDeps(configSchema, billingEnv(env));
  const service = await compose(deps);
  const events = await StripeEvents.load();
  const backgrounds: Background[] = [service.background];
  const listeners: QueueEvents[] = [];
  const { producers } = service.background;
  const queueOptions = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  let accountEvents: QueueProducer<typeof QUEUES.accountEventsBilling> | undefined;
  // What billing published, by queue and job id: a consumer of a queue that carries personal data
  // (contact's, on notifications) replaces a handled job's payload (PERSONAL_DATA_QUEUES), and the
  // tests read what billing queued.
  const published = new Map<string, unknown>();
  const recordPublished = (background: Composed['background']) => {
    const { membership, notifications } = background.producers;
    for (const producer of [membership, notifications] as QueueProducer<QueueName>[]) {
      const publish = producer.publish.bind(producer);
      producer.publish = async (...args: Parameters<typeof publish>) => {
        const job = await publish(...args);
        published.set(`${producer.name}:${job.id}`, job.data);
        return job;
      };
    }
  };
  recordPublished(service.background);
  const composeService = async (overrides: BillingOverrides) => {
    const other = await compose(deps, overrides);
    recordPublished(other.background);
    backgrounds.push(other.background);
    return other;
  };

  return {
    deps,
    app: service.app,
    background: service.background,
    producers,
    ledger: service.ledger,
    mrr: service.mrr,
    inboxEntry(eventId) {
      return deps.mongo
        .collection<{ _id: string; state: string; outcome: string | null; claimedAt: Date }>(INBOX_COLLECTION)
        .findOne({ _id: eventId });
    },
    events,
    async compose(overrides) {
      return (await composeService(overrides)).app;
    },
    composeService,
    accountDeleted(userId, eventId, jobId = `auth-${eventId}`) {
      accountEvents ??= new QueueProducer(QUEUES.accountEventsBilling, queueOptions);
      return accountEvents.publish('account-deleted', { userId, eventId, occurredAt: new Date().toISOString() }, jobId);
    },
    deliver(event, options = {}, app = service.app) {
      const { payload, signature } = signed(event, options);
      return request(app.callback())
        .post(WEBHOOK_PATH)
        .set('Content-Type', 'application/json; charset=utf-8')
        .set('Stripe-Signature', signature)
        .send(payload);
    },
    async jobs(queue, match = () => true) {
      const name = producers[queue].name;
      const all = await producers[queue].queue.getJobs([...JOB_STATES]);
      for (const job of all) {
        if ((job.data as { redacted?: unknown }).redacted === true)
          job.data = published.get(`${name}:${job.id}`) ?? job.data;
      }
      return all.filter((job) => match(job.data as Record<string, unknown>));
    },
    async queueEvents(queue) {
      const name = queue === 'membership' || queue === 'notifications' ? producers[queue].queue.name : queue;
      const listener = new QueueEvents(name, {
        connection: { url: deps.config.REDIS_URL },
        prefix: bullPrefix(deps.config.REDIS_PREFIX),
      });
      listeners.push(listener);
      await listener.waitUntilReady();
      return listener;
    },
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()));
      await accountEvents?.close();
      for (const background of backgrounds.reverse()) await closeBackground(background);
      await deps.close();
    },
  };
}
