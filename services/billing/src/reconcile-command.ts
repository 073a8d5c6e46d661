/**
 * `npm run reconcile -w services/billing`: one reconciliation run with Stripe now (the same as the
 * nightly job), printing what it repaired. Reads the configuration as the stack does:
 * `.env.example`, then `.env` (at the repository root), then the environment. Exit code 0 when
 * every customer was checked, 1 when some failed (run it again: it finishes them).
 */
import { commandEnv, connectMongo, createApplyIfNewer, createLogger, createRedis, loadConfig } from '@fm/shared';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { configSchema } from './config';
import { billingModels } from './domain/billing.models';
import { ReconciliationService, type ReconcileReport } from './domain/reconciliation.service';
import { SubscriptionLedger } from './domain/subscription-ledger';
import { createBillingProducers, type BillingProducers } from './events/billing.producers';
import { createStripeClient } from './stripe/stripe-client';

/** The report as lines for a person. */
export function describeReport(report: ReconcileReport): string[] {
  const lines = [
    `checked ${report.subscriptions} subscription(s) of ${report.customers} customer(s) at Stripe`,
    ...report.repaired.map(
      (r) =>
        `repaired ${r.subscriptionId} (member ${r.userId}): ${r.from ?? 'unknown'} → ${r.to}` +
        (r.effect === 'none' ? '' : `, ${r.effect} queued`),
    ),
    ...report.failed.map((f) => `could not check member ${f.userId}: ${f.message} (the next run retries)`),
  ];
  if (!report.repaired.length && !report.failed.length) lines.push('no drift: nothing to repair');
  return lines;
}

async function main(): Promise<void> {
  const env = commandEnv(__dirname);
  let mongo: Connection | undefined;
  let producers: BillingProducers | undefined;
  let redis: Redis | undefined;
  try {
    const config = loadConfig(configSchema, env);
    const logger = createLogger({ name: 'billing-reconcile', level: 'warn' });
    mongo = await connectMongo(config.MONGO_URL);
    producers = createBillingProducers({ redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
    redis = createRedis(config.REDIS_URL);
    const models = billingModels(mongo);
    const reconciliation = new ReconciliationService({
      stripe: createStripeClient(config),
      models,
      producers,
      ledger: new SubscriptionLedger({ models, producers, applyIfNewer: createApplyIfNewer({ redis, config }) }),
    });
    const report = await reconciliation.run(logger);
    for (const line of describeReport(report)) process.stdout.write(`${line}\n`);
    process.exitCode = report.failed.length ? 1 : 0;
  } catch (err) {
    process.stderr.write(`reconcile: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    await producers?.close().catch(() => undefined);
    redis?.disconnect();
    await mongo?.close().catch(() => undefined);
  }
}

if (require.main === module) void main();
