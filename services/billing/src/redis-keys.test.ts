/**
 * Billing's keys are the strings the kit built before they moved here: during a rolling deploy a
 * replica on the previous code and one on this code take the same lock.
 */
import { billingKeys } from './redis-keys';

it('when billing names its keys, then they are the ones the kit named before the move', () => {
  const keys = billingKeys('fm');
  expect([
    keys.checkoutLock('member-1'),
    keys.guaranteeLock('address:ab12'),
    keys.mrrLedgerLock('member-1'),
    keys.noOldCustomer('member-1'),
  ]).toEqual([
    'fm:billing:checkout-lock:member-1',
    'fm:billing:guarantee-lock:address:ab12',
    'fm:billing:mrr-ledger-lock:member-1',
    'fm:billing:no-old-customer:member-1',
  ]);
});
