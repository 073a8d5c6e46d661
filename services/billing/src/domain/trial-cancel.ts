import { AppError, NotFoundError, ValidationError } from '@fm/shared/http';
import { signMailListToken, verifyMailListToken } from '@fm/shared/mail';
import type { Logger } from '@fm/shared/service';
import type { BillingConfig } from '../config';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels, BillingSubscription } from './billing.models';
import type { SubscriptionLedger } from './subscription-ledger';
import { idOf, statusRank } from './subscription-state';

const messages = {
  badLink: 'This cancel link is not valid. Cancel from your account page instead.',
  notInTrial: 'This subscription is no longer in its free trial. Manage it from your account page.',
} as const;

/** The SPA page the trial-ending mail's cancel link opens (a GET never cancels: mail scanners follow links). */
export const TRIAL_CANCEL_PAGE = '/trial/cancel';

/**
 * Ending a free trial: at once, nothing charged (Stripe cancels the trialing subscription without
 * an invoice; a trial has no paid period to keep). From the account page (the member's session)
 * or the trial-ending mail's one-click link (a token signed like the mail lists' unsubscribe
 * links: the kit's `trial-cancel` list, the subscription as the mailing).
 */
export class TrialCancel {
  constructor(
    private readonly deps: {
      config: BillingConfig;
      stripe: Stripe;
      models: BillingModels;
      ledger: SubscriptionLedger;
    },
  ) {}

  /** The link the trial-ending mail carries for this member's subscription. */
  linkFor(userId: string, subscriptionId: string): string {
    const token = signMailListToken(this.deps.config.JWT_SECRET, {
      userId,
      list: 'trial-cancel',
      mailingId: subscriptionId,
    });
    return `${this.deps.config.SITE_ORIGIN}${TRIAL_CANCEL_PAGE}?token=${encodeURIComponent(token)}`;
  }

  /** The mail's link: the token names the member and the subscription; 400 when it is not ours, 409 out of trial. */
  async byToken(token: string, log: Logger): Promise<void> {
    let claims;
    try {
      claims = verifyMailListToken(this.deps.config.JWT_SECRET, 'trial-cancel', token);
    } catch {
      throw new ValidationError(messages.badLink, { token: 'not valid' });
    }
    const record = claims.mailingId
      ? await this.deps.models.BillingSubscription.findById(claims.mailingId).lean()
      : null;
    if (!record || record.userId !== claims.userId) throw new NotFoundError(messages.badLink);
    if (record.status === 'canceled') return; // a second click: already done
    if (record.status !== 'trialing') throw new NotInTrialError();
    await this.cancelNow(record, claims.userId, log);
  }

  /** Cancels the trialing subscription now at Stripe (no invoice, no proration) and ends Premium. */
  async cancelNow(record: BillingSubscription, userId: string, log: Logger): Promise<void> {
    const canceled = await callStripe(log, 'subscriptions.cancel', () =>
      this.deps.stripe.subscriptions.cancel(
        record._id,
        { invoice_now: false, prorate: false },
        { idempotencyKey: `fm-trial-cancel-${record._id}` },
      ),
    );
    await this.deps.ledger.endedByUs(
      {
        subscriptionId: record._id,
        userId,
        customerId: record.customerId || (idOf(canceled.customer) ?? ''),
        status: 'canceled',
        cancelAtPeriodEnd: false,
        stamp: { at: Math.max(canceled.canceled_at ?? 0, Math.floor(Date.now() / 1000)), rank: statusRank('canceled') },
        eventId: `trial-cancel-${record._id}`,
      },
      'free trial cancelled',
      log,
    );
    log.info({ userId, subscriptionId: record._id }, 'free trial cancelled: nothing charged');
  }
}

/** 409 NOT_IN_TRIAL: the link's subscription has left its trial (paid, or ended otherwise). */
export class NotInTrialError extends AppError {
  constructor() {
    super(409, messages.notInTrial, 'NOT_IN_TRIAL');
  }
}
