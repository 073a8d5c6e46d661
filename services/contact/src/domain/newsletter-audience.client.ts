import {
  type NewsletterAudiencePage,
  newsletterAudiencePageSchema,
  newsletterAudienceSchema,
  newsletterUnsubscribedSchema,
  ServiceUnavailableError,
  signServiceToken,
} from '@fm/shared';
import type { ZodType } from 'zod';

/** How long one call to auth may take. */
const TIMEOUT_MS = 10_000;

/**
 * The newsletter's audience as auth (which owns the members' choice) tells it, over auth's
 * internal routes with a short-lived service token (audience `auth`): one page at a time.
 */
export class NewsletterAudienceClient {
  constructor(private readonly deps: { authUrl: string; jwtSecret: string }) {}

  private async get<T>(path: string, schema: ZodType<T>): Promise<T> {
    const token = signServiceToken(this.deps.jwtSecret, {
      issuer: 'contact',
      audience: 'auth',
      claims: { userId: 'newsletter' },
    });
    let res: Response;
    try {
      res = await fetch(`${this.deps.authUrl}${path}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (err) {
      throw Object.assign(new ServiceUnavailableError('The member service cannot be reached right now.'), {
        cause: err,
      });
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new ServiceUnavailableError(`The member service answered ${res.status}.`);
    }
    return schema.parse(await res.json());
  }

  /** Verified, opted-in members after `after` (`_id` order). */
  page(after: string | null): Promise<NewsletterAudiencePage> {
    const query = after ? `?after=${encodeURIComponent(after)}` : '';
    return this.get(`/internal/newsletter/audience${query}`, newsletterAudiencePageSchema);
  }

  async size(): Promise<number> {
    return (await this.get('/internal/newsletter/audience/size', newsletterAudienceSchema)).subscribers;
  }

  /** Per newsletter id: how many members left through its unsubscribe link. */
  async unsubscribed(newsletterIds: readonly string[]): Promise<Record<string, number>> {
    if (!newsletterIds.length) return {};
    const ids = newsletterIds.map(encodeURIComponent).join(',');
    return (await this.get(`/internal/newsletter/unsubscribed?ids=${ids}`, newsletterUnsubscribedSchema)).counts;
  }
}
