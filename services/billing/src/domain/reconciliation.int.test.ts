import { insertUser } from '@fm/shared/testing';
import Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { stripeForTests, uniqueId } from '../../test/stripe-events';
import { describeReport } from '../reconcile-command';
import { billingModels } from './billing.models';
import { ReconciliationService } from './reconciliation.service';

let billing: BillingTestService;
let fixture: Stripe.Subscription;
beforeAll(async () => {
  billing = await startBillingService();
  // stripe-mock's real subscription object; the tests change only ids, status and times.
  fixture = await stripeForTests().subscriptions.retrieve('sub_fixture');
});
afterAll(() => billing.close());

const models = () => billingModels(billing.deps.mongo);
const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;

/**
 * stripe-mock lists one fixture subscription for every customer; this Stripe answers each
 * customer's list from what the test says Stripe holds, in pages of `limit`, and can fail
 * for chosen customers (an outage halfway through a run).
 */
function stripeHolding(held: Map<string, Stripe.Subscription[]>, failing: Set<string>) {
  const stripe = stripeForTests();
  const list = async (params: Stripe.SubscriptionListParams) => {
    const customer = params.customer ?? '';
    if (failing.has(customer)) throw new Stripe.errors.StripeConnectionError({ message: 'connection reset' });
    const all = held.get(customer) ?? [];
    const from = params.starting_after ? all.findIndex((s) => s.id === params.starting_after) + 1 : 0;
    const data = all.slice(from, from + (params.limit ?? 10));
    return { object: 'list', data, has_more: from + data.length < all.length, url: '/v1/subscriptions' };
  };
  stripe.subscriptions.list = list as unknown as typeof stripe.subscriptions.list;
  return stripe;
}

function subscription(id: string, customer: string, status: Stripe.Subscription.Status): Stripe.Subscription {
  const now = Math.floor(Date.now() / 1000);
  return {
    ...fixture,
    id,
    customer,
    status,
    created: now - 40 * 24 * 3600,
    canceled_at: status === 'canceled' ? now - 3600 : null,
    ended_at: status === 'canceled' ? now - 3600 : null,
    latest_invoice: null,
  };
}

/** A member with a Stripe customer and billing's record of one subscription in `recorded`. */
async function memberWith(recorded: string | null) {
  const user = await insertUser(billing.deps);
  const customerId = uniqueId('cus');
  const subscriptionId = uniqueId('sub');
  await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
  if (recorded) {
    await models().BillingSubscription.create({
      _id: subscriptionId,
      userId: user.id,
      customerId,
      status: recorded,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      lastEventAt: Math.floor(Date.now() / 1000) - 30 * 24 * 3600,
      lastStatusRank: 1,
      lastEventId: uniqueId('evt'),
    });
  }
  return { user, customerId, subscriptionId };
}

const membershipJobs = (userId: string) => billing.jobs('membership', (data) => data.userId === userId);

describe('reconciliation with Stripe', () => {
  it('when a deleted event was lost (member left Premium) and an updated(active) was lost (payer left free), then one run queues a downgrade and an upgrade, and a second run repairs nothing', async () => {
    const leftPremium = await memberWith('active');
    const leftFree = await memberWith('incomplete');
    const held = new Map([
      [leftPremium.customerId, [subscription(leftPremium.subscriptionId, leftPremium.customerId, 'canceled')]],
      [leftFree.customerId, [subscription(leftFree.subscriptionId, leftFree.customerId, 'active')]],
    ]);
    const reconciliation = new ReconciliationService({
      stripe: stripeHolding(held, new Set()),
      models: models(),
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
    });

    const first = await reconciliation.run(silent);
    expect(first.failed).toEqual([]);
    expect(first.repaired).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: leftPremium.user.id, from: 'active', to: 'canceled', effect: 'downgrade' }),
        expect.objectContaining({ userId: leftFree.user.id, from: 'incomplete', to: 'active', effect: 'upgrade' }),
      ]),
    );
    expect((await membershipJobs(leftPremium.user.id)).map((job) => [job.name, job.data.stripeSubscriptionId])).toEqual(
      [['membership-downgraded', leftPremium.subscriptionId]],
    );
    expect((await membershipJobs(leftFree.user.id)).map((job) => [job.name, job.data.stripeSubscriptionId])).toEqual([
      ['membership-upgraded', leftFree.subscriptionId],
    ]);
    expect(await models().BillingSubscription.findById(leftPremium.subscriptionId).lean()).toMatchObject({
      status: 'canceled',
    });
    expect(describeReport(first).join('\n')).toContain(`${leftPremium.subscriptionId}`);

    const second = await reconciliation.run(silent);
    expect(second.repaired).toEqual([]);
    expect(describeReport(second)).toContain('no drift: nothing to repair');
    expect(await membershipJobs(leftPremium.user.id)).toHaveLength(1);
    expect(await membershipJobs(leftFree.user.id)).toHaveLength(1);
  });

  it('when Stripe fails halfway through a run, then the other customers are repaired, the failure is reported, and the next run finishes', async () => {
    const a = await memberWith('active');
    const b = await memberWith('active');
    const held = new Map([
      [a.customerId, [subscription(a.subscriptionId, a.customerId, 'canceled')]],
      [b.customerId, [subscription(b.subscriptionId, b.customerId, 'canceled')]],
    ]);
    const failing = new Set([a.customerId]);
    const reconciliation = new ReconciliationService({
      stripe: stripeHolding(held, failing),
      models: models(),
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
    });
    const first = await reconciliation.run(silent);
    expect(first.failed.map((f) => f.userId)).toContain(a.user.id);
    expect(first.repaired.map((r) => r.userId)).toContain(b.user.id);
    expect(await membershipJobs(a.user.id)).toHaveLength(0);

    failing.clear();
    const second = await reconciliation.run(silent);
    expect(second.failed).toEqual([]);
    expect(second.repaired.map((r) => r.userId)).toEqual([a.user.id]);
    expect((await membershipJobs(a.user.id)).map((job) => job.name)).toEqual(['membership-downgraded']);
  });

  it("when only cancel-at-period-end and the period's end drifted (same status), then the record is refreshed and nobody's membership is touched", async () => {
    const { user, customerId, subscriptionId } = await memberWith('active');
    const periodEnd = Math.floor(Date.now() / 1000) + 12 * 24 * 3600;
    const held = subscription(subscriptionId, customerId, 'active');
    held.cancel_at_period_end = true;
    held.items = { ...held.items, data: held.items.data.map((item) => ({ ...item, current_period_end: periodEnd })) };
    const reconciliation = new ReconciliationService({
      stripe: stripeHolding(new Map([[customerId, [held]]]), new Set()),
      models: models(),
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
    });
    const report = await reconciliation.run(silent);
    expect(report.repaired.filter((r) => r.userId === user.id)).toEqual([]);
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
    expect(await membershipJobs(user.id)).toHaveLength(0);
  });

  it('when a customer holds more subscriptions than one Stripe page, then every page is read', async () => {
    const { user, customerId } = await memberWith(null);
    const many = Array.from({ length: 105 }, () => subscription(uniqueId('sub'), customerId, 'incomplete_expired'));
    const reconciliation = new ReconciliationService({
      stripe: stripeHolding(new Map([[customerId, many]]), new Set()),
      models: models(),
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
    });
    const report = await reconciliation.run(silent);
    expect(report.repaired.filter((r) => r.userId === user.id)).toHaveLength(105);
    // Never-active subscriptions are recorded but tell nobody anything.
    expect(await membershipJobs(user.id)).toHaveLength(0);
  });
});
