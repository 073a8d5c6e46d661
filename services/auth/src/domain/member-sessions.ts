import { destroyUserSessions } from '@fm/shared/auth';
import type { ServiceDeps } from '@fm/shared/service';

/** Ends a member's sessions (the session index of the shared kit), for the account flows. */
export interface MemberSessions {
  /** Every session of the member, or every one but `except` (a session id). */
  endAll(userId: string, options?: { except?: string }): Promise<void>;
}

export function memberSessions(redis: ServiceDeps['redis'], prefix: string): MemberSessions {
  return {
    async endAll(userId, options) {
      await destroyUserSessions(redis, prefix, userId, options);
    },
  };
}
