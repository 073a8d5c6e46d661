import {
  NEWSLETTER_AUDIENCE_PAGE,
  NEWSLETTER_LEFT_PAGE,
  type NewsletterLeftPage,
  type NewsletterAudiencePage,
  type NewsletterRecipient,
} from '@fm/contracts';
import type { MemberSnapshots } from '@fm/shared/auth';
import { ForbiddenError, NotFoundError } from '@fm/shared/http';
import { verifyMailListToken } from '@fm/shared/mail';
import type { Logger } from '@fm/shared/service';
import type { AuthModels, User } from './user.model';

/** Who gets the newsletter: opted in and verified (a deleted member has no record left). */
const AUDIENCE = { newsletter: true, emailVerified: true } as const;

/**
 * The member's newsletter choice as the mails' one-click link changes it (no login: the link's
 * signed token names the member), and the audience contact's send job pages through.
 * Unsubscribing changes the choice and nothing else.
 */
export class NewsletterSubscriptionService {
  constructor(
    private readonly deps: { models: AuthModels; snapshots: MemberSnapshots; jwtSecret: string; logger: Logger },
  ) {}

  /**
   * The link's member leaves the newsletter at once; a tampered token is 400. The link's
   * newsletter (its `mailingId`) is recorded when they were still subscribed. A member
   * deleted since gets the same answer (they get no newsletter either way).
   */
  async unsubscribe(token: string): Promise<{ newsletter: false }> {
    const { userId, mailingId } = verifyMailListToken(this.deps.jwtSecret, 'newsletter', token);
    const now = new Date();
    const left = await this.deps.models.User.updateOne(
      { _id: userId, newsletter: true },
      { $set: { newsletter: false, newsletterChangedAt: now, newsletterLeftFrom: mailingId ?? null } },
    );
    if (left.modifiedCount > 0) {
      await this.deps.snapshots.refresh(userId);
      this.deps.logger.info({ userId, mailingId }, 'newsletter: unsubscribed by link');
    }
    return { newsletter: false };
  }

  /**
   * Undoes the link's unsubscribe (the page's "Resubscribe"), for the signed-in member the token
   * names only (a forwarded mail must not sign anyone up: 403 `NOT_YOUR_LINK`); 404 when the
   * account is gone.
   */
  async resubscribe(viewerId: string, token: string): Promise<{ newsletter: true }> {
    const { userId } = verifyMailListToken(this.deps.jwtSecret, 'newsletter', token);
    if (userId !== viewerId) {
      throw new ForbiddenError(
        'This link was mailed to another account: sign in as that member, or turn the newsletter on on your account page.',
        'NOT_YOUR_LINK',
      );
    }
    const user = await this.deps.models.User.findById(userId, { newsletter: 1 }).lean<
      Pick<User, '_id' | 'newsletter'>
    >();
    if (!user) throw new NotFoundError('There is no account for this link any more.');
    if (user.newsletter !== true) {
      await this.deps.models.User.updateOne(
        { _id: userId },
        { $set: { newsletter: true, newsletterChangedAt: new Date(), newsletterLeftFrom: null } },
      );
      await this.deps.snapshots.refresh(userId);
      this.deps.logger.info({ userId }, 'newsletter: resubscribed by link');
    }
    return { newsletter: true };
  }

  /** One page of the audience in `_id` order after `after`: at most `limit` members, never the whole list. */
  async audiencePage(after: string | undefined, limit = NEWSLETTER_AUDIENCE_PAGE): Promise<NewsletterAudiencePage> {
    const size = Math.min(Math.max(limit, 1), NEWSLETTER_AUDIENCE_PAGE);
    const docs = await this.deps.models.User.find(after ? { ...AUDIENCE, _id: { $gt: after } } : AUDIENCE, {
      email: 1,
      firstName: 1,
    })
      .sort({ _id: 1 })
      .limit(size + 1)
      .lean<Pick<User, '_id' | 'email' | 'firstName'>[]>();
    const page = docs.slice(0, size);
    return {
      members: page.map((doc) => ({ id: doc._id, email: doc.email, firstName: doc.firstName ?? null })),
      next: docs.length > size ? page[page.length - 1]!._id : null,
    };
  }

  /**
   * Whether one member is still in the audience (contact's delivery job asks right before the
   * mail goes); `deleted` when they have no account any more.
   */
  async recipient(memberId: string): Promise<NewsletterRecipient> {
    const user = await this.deps.models.User.findById(memberId, { newsletter: 1, emailVerified: 1 }).lean<
      Pick<User, '_id' | 'newsletter' | 'emailVerified'>
    >();
    if (!user) return { memberId, deleted: true, subscribed: false };
    const subscribed = (Object.keys(AUDIENCE) as (keyof typeof AUDIENCE)[]).every(
      (field) => user[field] === AUDIENCE[field],
    );
    return { memberId, deleted: false, subscribed };
  }

  /** How many members a send would reach now. */
  async audienceSize(): Promise<number> {
    return this.deps.models.User.countDocuments(AUDIENCE);
  }

  /**
   * One page of the members who are not subscribed now and whose choice changed at or after
   * `since` (ids only, `_id` order after `after`): contact counts its recipients among them.
   */
  async leftSince(since: Date, after: string | undefined): Promise<NewsletterLeftPage> {
    const filter = {
      newsletter: false,
      newsletterChangedAt: { $gte: since },
      ...(after ? { _id: { $gt: after } } : {}),
    };
    const docs = await this.deps.models.User.find(filter, { _id: 1 })
      .sort({ _id: 1 })
      .limit(NEWSLETTER_LEFT_PAGE + 1)
      .lean<Pick<User, '_id'>[]>();
    const page = docs.slice(0, NEWSLETTER_LEFT_PAGE).map((doc) => doc._id);
    return { members: page, next: docs.length > NEWSLETTER_LEFT_PAGE ? page[page.length - 1]! : null };
  }
}
