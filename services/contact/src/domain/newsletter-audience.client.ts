import {
  getFromService,
  type NewsletterAudiencePage,
  newsletterAudiencePageSchema,
  newsletterAudienceSchema,
  type NewsletterRecipient,
  newsletterRecipientSchema,
  newsletterUnsubscribedSchema,
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

  private get<T>(path: string, schema: ZodType<T>, about = 'newsletter'): Promise<T> {
    return getFromService({
      url: `${this.deps.authUrl}${path}`,
      jwtSecret: this.deps.jwtSecret,
      issuer: 'contact',
      audience: 'auth',
      claims: { userId: about },
      schema,
      timeoutMs: TIMEOUT_MS,
      serviceName: 'member service',
    });
  }

  /** Verified, opted-in members after `after` (`_id` order). */
  page(after: string | null): Promise<NewsletterAudiencePage> {
    const query = after ? `?after=${encodeURIComponent(after)}` : '';
    return this.get(`/internal/newsletter/audience${query}`, newsletterAudiencePageSchema);
  }

  /** Whether one member is still subscribed (and has an account): one small GET per delivery. */
  recipient(memberId: string): Promise<NewsletterRecipient> {
    return this.get('/internal/newsletter/recipient', newsletterRecipientSchema, memberId);
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
