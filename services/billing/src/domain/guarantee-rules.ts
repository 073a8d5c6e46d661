import { GUARANTEE_DAYS, type Guarantee, type GuaranteeReason } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import type { GuaranteeUse, SubscriptionPayment } from './billing.models';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The 30-day money-back guarantee's rule (pure; guarantee.service.ts gathers the facts). Eligibility, in this order: a use of this member's (done, or refused because of another
 * account's) → already-used; not Premium → not-premium; no payment → no-payment; the same person
 * used it on another account (`usedByAnother`) → already-used; the first payment refunded in full
 * (wherever) → already-refunded; older than GUARANTEE_DAYS → window-ended. A use still `requested`
 * (cut short by an outage) stays eligible: the next request completes it.
 */
export function decide(
  user: Pick<CurrentUser, 'membershipLevel'>,
  use: Pick<GuaranteeUse, 'state'> | null,
  first: Pick<SubscriptionPayment, 'paidAt' | 'amountPaidCents' | 'amountRefundedCents'> | undefined,
  now: Date,
  usedByAnother = false,
): Guarantee {
  const deadline = first ? new Date(first.paidAt.getTime() + GUARANTEE_DAYS * DAY_MS) : null;
  const no = (reason: GuaranteeReason): Guarantee => ({
    eligible: false,
    deadline: deadline?.toISOString() ?? null,
    reason,
  });
  if (use && use.state !== 'requested') return no('already-used');
  if (use) return { eligible: true, deadline: deadline?.toISOString() ?? null };
  if (user.membershipLevel !== 'premium') return no('not-premium');
  if (!first || !deadline) return no('no-payment');
  if (usedByAnother) return no('already-used');
  if ((first.amountRefundedCents ?? 0) >= first.amountPaidCents) return no('already-refunded');
  if (now.getTime() > deadline.getTime()) return no('window-ended');
  return { eligible: true, deadline: deadline.toISOString() };
}
