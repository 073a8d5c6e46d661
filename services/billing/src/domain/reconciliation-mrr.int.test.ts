/**
 * The nightly reconciliation and the MRR ledger (issue 46): each member's ledger MRR is compared
 * with what Stripe holds now, repaired with the rows the change calls for, and reported.
 */
import { insertUser } from '@fm/shared/testing';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { stripeForTests, uniqueId } from '../../test/stripe-events';
import { describeReport } from '../reconcile-command';
import { billingModels } from './billing.models';
import { mrrModels } from './mrr-ledger.models';
import { ReconciliationService } from './reconciliation.service';

let billing: BillingTestService;
let fixture: Stripe.Subscription;
beforeAll(async () => {
  billing = await startBillingService();
  fixture = await stripeForTests().subscriptions.retrieve('sub_fixture');
});
afterAll(() => billing.close());

/** What the reconciliation logged (level, fields, message). */
function capturingLog() {
  const lines: Array<{ level: string; fields: unknown; message: string }> = [];
  const at = (level: string) => (fields: unknown, message: string) => lines.push({ level, fields, message });
  return { log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as never, lines };
}

/** Stripe as the test says it holds each customer's subscriptions (stripe-mock lists one fixture for all). */
function stripeHolding(held: Map<string, Stripe.Subscription[]>) {
  const stripe = stripeForTests();
  stripe.subscriptions.list = (async (params: Stripe.SubscriptionListParams) => ({
    object: 'list',
    data: held.get(params.customer ?? '') ?? [],
    has_more: false,
    url: '/v1/subscriptions',
  })) as unknown as typeof stripe.subscriptions.list;
  return stripe;
}

/** A subscription as Stripe holds it: stripe-mock's object with the status, price and pause under test. */
function held(
  id: string,
  customer: string,
  status: Stripe.Subscription.Status,
  unitAmount: number,
  paused = false,
): Stripe.Subscription {
  const item = fixture.items.data[0]!;
  return {
    ...fixture,
    id,
    customer,
    status,
    cancel_at_period_end: false,
    cancel_at: null,
    discounts: [],
    pause_collection: paused ? { behavior: 'void', resumes_at: null } : null,
    items: { ...fixture.items, data: [{ ...item, price: { ...item.price, unit_amount: unitAmount } }] },
    latest_invoice: null,
  };
}

/** A member with a Stripe customer; `ledger` cents: a subscription event already put them in the ledger. */
async function member(ledger: number | null) {
  const user = await insertUser(billing.deps);
  const customerId = uniqueId('cus');
  const subscriptionId = uniqueId('sub');
  await billingModels(billing.deps.mongo).BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
  if (ledger !== null) {
    const event = billing.events.subscriptionEvent('customer.subscription.created', {
      subscriptionId,
      customerId,
      userId: user.id,
      status: 'active',
      unitAmount: ledger,
      created: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await billing.deliver(event)).status).toBe(200);
  }
  return { memberId: user.id, customerId, subscriptionId };
}

const moves = async (memberId: string) =>
  (await mrrModels(billing.deps.mongo).MrrDelta.find({ memberId }).sort({ seq: 1 }).lean()).map(
    ({ bucket, deltaCents }) => [bucket, deltaCents] as const,
  );

describe('reconciliation of the MRR ledger with Stripe', () => {
  it('when webhooks were lost (a price change, a deletion, a subscription, a pause), then one run writes the right rows and reports each difference; a second run finds none', async () => {
    const raised = await member(2000);
    const left = await member(2000);
    const unseen = await member(null);
    const paused = await member(1500);
    const same = await member(1800);
    const stripe = stripeHolding(
      new Map([
        [raised.customerId, [held(raised.subscriptionId, raised.customerId, 'active', 3000)]],
        [left.customerId, [held(left.subscriptionId, left.customerId, 'canceled', 2000)]],
        [unseen.customerId, [held(unseen.subscriptionId, unseen.customerId, 'active', 2500)]],
        [paused.customerId, [held(paused.subscriptionId, paused.customerId, 'active', 1500, true)]],
        [same.customerId, [held(same.subscriptionId, same.customerId, 'active', 1800)]],
      ]),
    );
    const reconciliation = new ReconciliationService({
      stripe,
      models: billingModels(billing.deps.mongo),
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
    });
    const { log, lines } = capturingLog();
    const first = await reconciliation.run(log);

    expect(first.mrr).toHaveLength(4);
    expect(first.mrr).toEqual(
      expect.arrayContaining([
        {
          memberId: raised.memberId,
          currency: 'usd',
          ledgerCents: 2000,
          stripeCents: 3000,
          rows: [{ bucket: 'expansion', deltaCents: 1000 }],
        },
        {
          memberId: left.memberId,
          currency: 'usd',
          ledgerCents: 2000,
          stripeCents: 0,
          rows: [{ bucket: 'churn', deltaCents: -2000 }],
        },
        {
          memberId: unseen.memberId,
          currency: 'usd',
          ledgerCents: 0,
          stripeCents: 2500,
          rows: [{ bucket: 'new', deltaCents: 2500 }],
        },
        {
          memberId: paused.memberId,
          currency: 'usd',
          ledgerCents: 1500,
          stripeCents: 0,
          rows: [{ bucket: 'paused', deltaCents: -1500 }],
        },
      ]),
    );
    expect(await moves(raised.memberId)).toEqual([
      ['new', 2000],
      ['expansion', 1000],
    ]);
    expect(await moves(left.memberId)).toEqual([
      ['new', 2000],
      ['churn', -2000],
    ]);
    expect(await moves(same.memberId)).toEqual([['new', 1800]]);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'warn',
          message: 'mrr: the ledger differed from Stripe; repaired',
          fields: expect.objectContaining({ memberId: raised.memberId, ledgerCents: 2000, stripeCents: 3000 }),
        }),
      ]),
    );
    expect(describeReport(first).join('\n')).toContain(
      `MRR of member ${raised.memberId} was 2000 in the ledger, 3000 at Stripe (usd): expansion 1000`,
    );

    const second = await reconciliation.run(capturingLog().log);
    expect(second.mrr).toEqual([]);
    expect(await moves(raised.memberId)).toHaveLength(2);
  });

  it('when a Stripe event older than the repair arrives afterwards, then it changes nothing', async () => {
    const m = await member(2000);
    const reconciliation = new ReconciliationService({
      stripe: stripeHolding(new Map([[m.customerId, [held(m.subscriptionId, m.customerId, 'active', 2600)]]])),
      models: billingModels(billing.deps.mongo),
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
    });
    await reconciliation.run(capturingLog().log);
    const late = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId: m.subscriptionId,
      customerId: m.customerId,
      userId: m.memberId,
      status: 'active',
      unitAmount: 2300,
      created: Math.floor(Date.now() / 1000) - 60,
    });
    expect((await billing.deliver(late)).status).toBe(200);
    expect(await moves(m.memberId)).toEqual([
      ['new', 2000],
      ['expansion', 600],
    ]);
  });
});
