import {
  type CohortPracticeAnswer,
  cohortPracticeAnswerSchema,
  ENGAGEMENT_WEEKS,
  lastPracticeAnswerSchema,
  MAX_INTERNAL_MEMBERS,
  memberProfilesAnswerSchema,
  type MemberProfilesAnswer,
  signUpsPageSchema,
} from '@fm/contracts';
import type { ServiceName } from '@fm/shared/auth';
import { getFromService, postToService, ServiceUnavailableError } from '@fm/shared/http';
import { ZodError, type ZodType } from 'zod';

/** Where and how billing asks auth and practice (their internal routes, service token). */
export interface EngagementClientsDeps {
  authUrl: string;
  practiceUrl: string;
  jwtSecret: string;
  timeoutMs: number;
}

/** Who a metrics call is about: no one member (the token's subject names the use). */
const ABOUT = { userId: 'founder-metrics' };

const NAMES: Record<'auth' | 'practice', string> = { auth: 'member service', practice: 'practice service' };

/** Splits a list into requests of at most MAX_INTERNAL_MEMBERS. */
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += MAX_INTERNAL_MEMBERS) out.push(items.slice(i, i + MAX_INTERNAL_MEMBERS));
  return out;
}

/**
 * What billing asks auth (sign-ups, names) and practice (practice days) for the founder's
 * cohorts and churn-risk list (docs/METRICS.md "Engagement"). Unreachable, another status or an
 * answer outside the contract → ServiceUnavailableError (503), never the caller's 400 or a 500.
 */
export class EngagementClients {
  constructor(private readonly deps: EngagementClientsDeps) {}

  private async call<T>(audience: 'auth' | 'practice', path: string, schema: ZodType<T>, body?: unknown): Promise<T> {
    const base = audience === 'auth' ? this.deps.authUrl : this.deps.practiceUrl;
    const options = {
      url: `${base}${path}`,
      jwtSecret: this.deps.jwtSecret,
      issuer: 'billing' as ServiceName,
      audience,
      claims: ABOUT,
      schema,
      timeoutMs: this.deps.timeoutMs,
      serviceName: NAMES[audience],
    };
    try {
      return await (body === undefined ? getFromService(options) : postToService({ ...options, body }));
    } catch (err) {
      if (!(err instanceof ZodError)) throw err;
      throw Object.assign(new ServiceUnavailableError(`The ${NAMES[audience]} answered outside its contract.`), {
        cause: err,
      });
    }
  }

  /** Every member who signed up at or after `since`, with the time (auth, page after page). */
  async signUpsSince(since: Date): Promise<Array<{ memberId: string; signedUpAt: string }>> {
    const members: Array<{ memberId: string; signedUpAt: string }> = [];
    let after: string | null = null;
    do {
      const query: string = `since=${encodeURIComponent(since.toISOString())}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const page = await this.call('auth', `/internal/members/sign-ups?${query}`, signUpsPageSchema);
      members.push(...page.members);
      after = page.next;
    } while (after);
    return members;
  }

  /** The address and names of the members auth still knows. */
  async profiles(memberIds: readonly string[]): Promise<MemberProfilesAnswer['members']> {
    const answers = await Promise.all(
      chunks(memberIds).map((ids) =>
        this.call('auth', '/internal/members/profiles', memberProfilesAnswerSchema, { memberIds: ids }),
      ),
    );
    return answers.flatMap((answer) => answer.members);
  }

  /** Each member's last practice day (null: never), by member id. */
  async lastPractice(memberIds: readonly string[]): Promise<Map<string, string | null>> {
    const answers = await Promise.all(
      chunks(memberIds).map((ids) =>
        this.call('practice', '/internal/engagement/last-practice', lastPracticeAnswerSchema, { memberIds: ids }),
      ),
    );
    return new Map(answers.flatMap((a) => a.members).map((m) => [m.memberId, m.lastPracticeDay]));
  }

  /**
   * Per cohort (weekStart → its members), how many practised ≥ ENGAGED_WEEK_MINUTES in each week
   * k; a longer list is asked in parts of at most MAX_INTERNAL_MEMBERS members, their counts added.
   */
  async cohortPractice(cohorts: ReadonlyMap<string, readonly string[]>): Promise<Map<string, number[]>> {
    const counts = new Map<string, number[]>(
      [...cohorts.keys()].map((week) => [week, new Array(ENGAGEMENT_WEEKS).fill(0)]),
    );
    const pairs = [...cohorts].flatMap(([weekStart, ids]) => ids.map((id) => [weekStart, id] as const));
    const parts = chunks(pairs).map((part) => {
      const byWeek = new Map<string, string[]>();
      for (const [weekStart, id] of part) (byWeek.get(weekStart) ?? byWeek.set(weekStart, []).get(weekStart)!).push(id);
      return [...byWeek].map(([weekStart, memberIds]) => ({ weekStart, memberIds }));
    });
    const answers: CohortPracticeAnswer[] = await Promise.all(
      parts.map((part) =>
        this.call('practice', '/internal/engagement/cohorts', cohortPracticeAnswerSchema, { cohorts: part }),
      ),
    );
    for (const cohort of answers.flatMap((a) => a.cohorts)) {
      const total = counts.get(cohort.weekStart)!;
      cohort.practised.forEach((n, k) => (total[k]! += n));
    }
    return counts;
  }
}
