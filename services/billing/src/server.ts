import { runService } from '@fm/shared';
import { buildApp, createBillingParts, type BillingParts } from './app';
import { configSchema } from './config';
import { billingModels, ensureBillingIndexes } from './domain/billing.models';

let parts: BillingParts | undefined;

void runService({
  name: 'billing',
  configSchema,
  buildApp: (deps) => {
    parts = createBillingParts(deps.config);
    return buildApp(deps, parts);
  },
  start: async (deps) => {
    await ensureBillingIndexes(billingModels(deps.mongo));
    return parts ? [parts.producers] : [];
  },
});
