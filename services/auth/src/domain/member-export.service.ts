import type { Logger } from '@fm/shared/service';
import { getJson, type RateLimiter, type RateLimitRule, ServiceUnavailableError } from '@fm/shared/http';
import { type ServiceName, signServiceToken, toPublicUser } from '@fm/shared/auth';
import type { User } from './user.model';
import { messages } from './user.schemas';

/** The services that answer `GET /internal/member-export` for their own data about a member. */
export const EXPORT_PARTS = ['courses', 'billing', 'contact', 'practice'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

export interface MemberExportDeps {
  /** Each part's base URL (`COURSES_INTERNAL_URL`...). */
  baseUrls: Record<ExportPart, string>;
  jwtSecret: string;
  timeoutMs: number;
  limiter: RateLimiter;
  exportsPerMember: RateLimitRule;
  logger: Logger;
}

export function memberExportLimit(config: { AUTH_EXPORTS_PER_MEMBER_PER_HOUR: number }): RateLimitRule {
  return { name: 'export-member', limit: config.AUTH_EXPORTS_PER_MEMBER_PER_HOUR, windowSeconds: 60 * 60 };
}

/** What the member downloads: everything we hold about them, each part from its owner. */
export interface MemberExport {
  exportedAt: string;
  profile: ReturnType<typeof toPublicUser> & { updatedAt: string };
  membership: { level: User['membershipLevel'] };
  /** The newsletter choice and when it last changed. */
  newsletter: { subscribed: boolean; changedAt: string | null };
  courses: unknown;
  billing: unknown;
  contact: unknown;
  practice: unknown;
}

/**
 * Assembles a member's data export. Each owning service answers for its own data over HTTP,
 * called with a 60-second service token for that service's audience. A part that fails or
 * takes longer than the timeout makes the whole export 503: never a partial file passed off
 * as whole.
 */
export class MemberExportService {
  constructor(private readonly deps: MemberExportDeps) {}

  async export(user: User): Promise<MemberExport> {
    await this.deps.limiter.hit(this.deps.exportsPerMember, user._id, messages.tooManyExports);
    const [courses, billing, contact, practice] = await Promise.all(
      EXPORT_PARTS.map((part) => this.fetchPart(part, user)),
    );
    return {
      exportedAt: new Date().toISOString(),
      profile: { ...toPublicUser(user), updatedAt: user.updatedAt.toISOString() },
      membership: { level: user.membershipLevel },
      newsletter: {
        subscribed: user.newsletter === true,
        changedAt: user.newsletterChangedAt ? user.newsletterChangedAt.toISOString() : null,
      },
      courses,
      billing,
      contact,
      practice,
    };
  }

  private async fetchPart(part: ExportPart, user: User): Promise<unknown> {
    const audience: ServiceName = part;
    const token = signServiceToken(this.deps.jwtSecret, {
      issuer: 'auth',
      audience,
      claims: { userId: user._id, email: user.email },
    });
    // Contact includes the visitor messages sent under the address only once the member proved they own it.
    const query = part === 'contact' ? `?emailVerified=${user.emailVerified === true}` : '';
    const url = `${this.deps.baseUrls[part]}/internal/member-export${query}`;
    try {
      const { status, body } = await getJson(url, {
        headers: { Authorization: `Bearer ${token}` },
        timeoutMs: this.deps.timeoutMs,
      });
      if (status !== 200) throw new Error(`answered ${status}`);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('answered no JSON object');
      return body;
    } catch (err) {
      this.deps.logger.warn(
        { err: err instanceof Error ? err.message : String(err), part, userId: user._id },
        'member export part unavailable',
      );
      throw new ServiceUnavailableError(messages.exportUnavailable);
    }
  }
}
