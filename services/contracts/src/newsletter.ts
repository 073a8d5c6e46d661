/**
 * The monthly newsletter: the member's choice (auth owns it: `users.newsletter`), the one-click
 * unsubscribe link (no login, a signed token: the kit's mail-list tokens) and the founder's
 * newsletters (contact owns them: `newsletters`, one `newsletter_deliveries` record per
 * recipient, sent by a background job).
 */
import { z } from 'zod';
import { isoDate } from './common';

/** Limits of what the founder writes. */
export const NEWSLETTER_LIMITS = { subject: 200, markdown: 100_000 } as const;

/** `draft` (editable) → `sending` (the background job runs; read-only) → `sent` (every delivery final). */
export const NEWSLETTER_STATUSES = ['draft', 'sending', 'sent'] as const;
export const newsletterStatusSchema = z.enum(NEWSLETTER_STATUSES);
export type NewsletterStatus = z.infer<typeof newsletterStatusSchema>;

/**
 * GET/POST/PATCH /api/admin/newsletters(/:id). `recipients`: deliveries recorded so far (final
 * once the fan-out is done); `sent`, `failed`: deliveries sent, failed for good (after retries);
 * `unsubscribed`: its recipients who are no longer subscribed now, whichever way they left (any
 * newsletter's link, the account switch, deleting their account; null until it is sending, or
 * when auth could not be asked); `sentAt`: when its last delivery became final.
 */
export const adminNewsletterSchema = z.strictObject({
  id: z.string().min(1),
  subject: z.string(),
  markdown: z.string(),
  status: newsletterStatusSchema,
  recipients: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  unsubscribed: z.number().int().min(0).nullable(),
  sentAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminNewsletter = z.infer<typeof adminNewsletterSchema>;

/** POST /api/admin/newsletters {subject, markdown}; PATCH takes either or both. */
export type AdminNewsletterInput = Pick<AdminNewsletter, 'subject' | 'markdown'>;

/** GET /api/admin/newsletters → every newsletter, newest first. */
export const adminNewsletterListSchema = z.strictObject({
  items: z.array(adminNewsletterSchema),
  total: z.number().int().nonnegative(),
});
export type AdminNewsletterList = z.infer<typeof adminNewsletterListSchema>;

/** GET /api/admin/newsletters/:id/preview: the mail exactly as a subscriber gets it (HTML and text parts). */
export const newsletterPreviewSchema = z.strictObject({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

/** GET /api/admin/newsletters/audience: how many members a send would reach now (verified, opted in). */
export const newsletterAudienceSchema = z.strictObject({ subscribers: z.number().int().min(0) });
export type NewsletterAudience = z.infer<typeof newsletterAudienceSchema>;

/** POST /api/auth/newsletter/unsubscribe and /resubscribe → the member's choice now. */
export const newsletterChoiceSchema = z.strictObject({ newsletter: z.boolean() });
export type NewsletterChoice = z.infer<typeof newsletterChoiceSchema>;

/** How many audience members one internal page holds at most. */
export const NEWSLETTER_AUDIENCE_PAGE = 500;

/**
 * auth's GET /internal/newsletter/audience?after=<id>&limit=<n> (service token, audience `auth`):
 * verified, opted-in members in `_id` order after `after`; `next` is the cursor of the next page
 * (null: this was the last).
 */
export const newsletterAudiencePageSchema = z.strictObject({
  members: z.array(z.strictObject({ id: z.string().min(1), email: z.email(), firstName: z.string().nullable() })),
  next: z.string().nullable(),
});
export type NewsletterAudiencePage = z.infer<typeof newsletterAudiencePageSchema>;

/**
 * auth's GET /internal/newsletter/recipient (service token for audience `auth` whose subject is the
 * member): whether one member is still in the newsletter's audience, asked by each delivery job
 * right before its mail goes. `subscribed`: opted in and verified now; `deleted`: no account any more.
 */
export const newsletterRecipientSchema = z.strictObject({
  memberId: z.string().min(1),
  deleted: z.boolean(),
  subscribed: z.boolean(),
});
export type NewsletterRecipient = z.infer<typeof newsletterRecipientSchema>;

/** How many member ids one page of auth's GET /internal/newsletter/left holds at most. */
export const NEWSLETTER_LEFT_PAGE = 1000;

/**
 * auth's GET /internal/newsletter/left?since=<ISO time>&after=<id> (service token, audience `auth`):
 * the ids of the members who are not subscribed now and whose choice changed at or after `since`
 * (by a newsletter's link or the account switch), in `_id` order after `after`; `next` is the
 * cursor of the next page (null: this was the last). A recipient of a send who is no longer
 * subscribed changed their choice after the send began, so these ids (with the deleted members,
 * whom contact knows from auth's account events) are the send's "unsubscribed since".
 */
export const newsletterLeftPageSchema = z.strictObject({
  members: z.array(z.string().min(1)),
  next: z.string().nullable(),
});
export type NewsletterLeftPage = z.infer<typeof newsletterLeftPageSchema>;
