import {
  type NewsletterAudiencePage,
  newsletterAudiencePageSchema,
  newsletterAudienceSchema,
  type NewsletterRecipient,
  newsletterRecipientSchema,
  newsletterLeftPageSchema,
} from '@fm/contracts';
import { getFromService } from '@fm/shared/http';
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

  /**
   * The ids of the members who are not subscribed now and changed their choice at or after
   * `since`, every page of them (few: the members who left since the oldest send asked about).
   */
  async leftSince(since: Date): Promise<Set<string>> {
    const left = new Set<string>();
    let after: string | null = null;
    do {
      const query: string = `since=${encodeURIComponent(since.toISOString())}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const page = await this.get(`/internal/newsletter/left?${query}`, newsletterLeftPageSchema);
      for (const id of page.members) left.add(id);
      after = page.next;
    } while (after);
    return left;
  }
}
