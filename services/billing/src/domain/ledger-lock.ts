import { ServiceUnavailableError } from '@fm/shared/http';
import { oneAtATimePerKey, withRedisLock } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { billingKeys } from '../redis-keys';

/** A crashed holder blocks a key this long at most; a writer waits this long for another one. */
const LOCK_TTL_MS = 30_000;
const LOCK_WAIT_MS = 20_000;

/**
 * The lock of the MRR ledger and its day totals (a member's step, a day's totals, the cash sync):
 * writers of one key queue in-process first, then hold a Redis lock (`mrrLedgerLock(name)`; FerretDB
 * v1 applies an update as a read and a write, so two unlocked writers could lose one's change).
 * A writer that waits too long gets a 503 saying `busy`.
 */
export function ledgerLock(deps: { redis: Redis; redisPrefix: string }) {
  const inProcess = oneAtATimePerKey();
  return <T>(name: string, busy: string, fn: () => Promise<T>): Promise<T> => {
    const key = billingKeys(deps.redisPrefix).mrrLedgerLock(name);
    return inProcess(key, () =>
      withRedisLock(
        deps.redis,
        key,
        { ttlMs: LOCK_TTL_MS, waitMs: LOCK_WAIT_MS, busy: () => new ServiceUnavailableError(busy) },
        fn,
      ),
    );
  };
}
