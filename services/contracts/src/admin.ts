/**
 * The founder console's answers (`/api/admin/…`, admins only): paged lists, the audit log, and
 * the admin views of members, bookings, contact messages and the catalogue. Admin views carry
 * everything the record holds (media included): only admins ever get them.
 */
import { z } from 'zod';
import { isoDate } from './common';
import { contentTypeSchema, lessonCategorySchema, whatsNewKindSchema } from './content';
import { membershipLevelSchema, roleSchema } from './auth';
import { contactLevelSchema, contactReplySchema } from './contact';

/** Every admin list: `?page=` (from 1) and `?pageSize=` (default 20, at most 100), newest first. */
export const ADMIN_PAGE_SIZE = { default: 20, max: 100 } as const;

/** `{items, total}`: one page of a list and how many there are in all (with the same filters). */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), total: z.number().int().min(0) });
}
export interface AdminPage<T> {
  items: T[];
  total: number;
}

/** What an admin write did: one record of the `admin_audit` collection (GET /api/admin/audit). */
export const auditEntrySchema = z.strictObject({
  id: z.string().min(1),
  actorId: z.string().min(1),
  actorEmail: z.string(),
  /** `<targetType>.<verb>`, e.g. "lesson.update", "contact-message.update", "booking.schedule". */
  action: z.string().min(1),
  targetType: z.string().min(1),
  targetId: z.string().min(1),
  at: isoDate,
  /** A short before/after description ("title: "A" → "B""); never a secret. */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * Who maintains a catalogue record: `seed` (the seed still updates it from the catalogue files)
 * or `admin` (created or edited in the console: the seed never touches it again).
 */
export const CATALOGUE_MANAGERS = ['seed', 'admin'] as const;
export const catalogueManagerSchema = z.enum(CATALOGUE_MANAGERS);
export type CatalogueManager = z.infer<typeof catalogueManagerSchema>;

const adminRecordFields = {
  id: z.string().min(1),
  managedBy: catalogueManagerSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
};

/** GET/POST/PATCH /api/admin/lessons: the whole lesson, media included. */
export const adminLessonSchema = z.strictObject({
  ...adminRecordFields,
  title: z.string(),
  description: z.string(),
  videoUrl: z.string(),
  videoType: z.string(),
  audioUrl: z.string().nullable(),
  duration: z.string(),
  isFree: z.boolean(),
  order: z.number().int(),
  category: lessonCategorySchema,
  publishedAt: isoDate,
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;

/** GET/PATCH /api/admin/lectures (five, numbered 1-5; the number is fixed). */
export const adminLectureSchema = z.strictObject({
  ...adminRecordFields,
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  duration: z.string(),
  videoUrl: z.string(),
  videoType: z.string(),
  isFree: z.boolean(),
  publishedAt: isoDate,
});
export type AdminLecture = z.infer<typeof adminLectureSchema>;

/** GET/POST/PATCH /api/admin/sections/:slug/content: one item of a member section. */
export const adminSectionItemSchema = z.strictObject({
  ...adminRecordFields,
  sectionId: z.string().min(1),
  sectionSlug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  contentType: contentTypeSchema,
  videoUrl: z.string().nullable(),
  videoType: z.string().nullable(),
  audioUrl: z.string().nullable(),
  textContent: z.string().nullable(),
  duration: z.string().nullable(),
  order: z.number().int(),
  publishedAt: isoDate,
});
export type AdminSectionItem = z.infer<typeof adminSectionItemSchema>;

/** GET/POST/PATCH /api/admin/testimonials. */
export const adminTestimonialSchema = z.strictObject({
  ...adminRecordFields,
  name: z.string(),
  location: z.string(),
  quote: z.string(),
  avatarUrl: z.string().nullable(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

/**
 * GET/POST/PATCH /api/admin/tiers. `price` is the display text GET /api/membership-tiers shows;
 * the Premium tier's is rendered from PREMIUM_PRICE_CENTS and CURRENCY (`priceFromConfig: true`)
 * and cannot be edited here.
 */
export const adminTierSchema = z.strictObject({
  ...adminRecordFields,
  name: z.string(),
  price: z.string(),
  priceFromConfig: z.boolean(),
  features: z.array(z.string()),
  isFeatured: z.boolean(),
  order: z.number().int(),
});
export type AdminTier = z.infer<typeof adminTierSchema>;

/** What the console sends (partial on PATCH); the services' zod schemas check the same fields. */
export type AdminLessonInput = Pick<
  AdminLesson,
  'title' | 'description' | 'videoUrl' | 'videoType' | 'audioUrl' | 'duration' | 'isFree' | 'order' | 'category'
>;
export type AdminLectureInput = Pick<AdminLecture, 'title' | 'description' | 'duration' | 'videoUrl' | 'videoType'>;
export type AdminSectionItemInput = Pick<
  AdminSectionItem,
  'title' | 'description' | 'contentType' | 'videoUrl' | 'videoType' | 'audioUrl' | 'textContent' | 'duration' | 'order'
>;
export type AdminTestimonialInput = Pick<AdminTestimonial, 'name' | 'location' | 'quote' | 'avatarUrl'>;
export type AdminTierInput = Pick<AdminTier, 'name' | 'price' | 'features' | 'isFeatured' | 'order'>;

/**
 * GET /api/admin/contact-messages(?handled=true|false&sort=newest|due) and PATCH …/:id {handled}.
 * `level`, `dueAt`: who wrote and by when the founder promised to answer (SUPPORT_REPLY_HOURS);
 * `repliedAt`: the first reply from the console (null while none); `replies`: oldest first.
 * Who wrote: `memberId` the account signed in when it was sent (null: a visitor, whose address
 * nobody proved). For a member, `name` and `email` are the account's (where replies go) and
 * `emailVerified` whether its address was proven then (null: a visitor, or a member's message stored
 * before the account's address was taken: then `email` is as typed); `typedName`, `typedEmail`
 * what they typed in the form when it was not the account's (null otherwise).
 */
export const adminContactMessageSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: isoDate,
  handled: z.boolean(),
  memberId: z.string().nullable(),
  emailVerified: z.boolean().nullable(),
  typedName: z.string().nullable(),
  typedEmail: z.string().nullable(),
  level: contactLevelSchema,
  dueAt: isoDate,
  repliedAt: isoDate.nullable(),
  replies: z.array(contactReplySchema),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

/** The inbox's orders: `newest` (received, newest first; the default) or `due` (due time, most urgent first). */
export const contactInboxSortSchema = z.enum(['newest', 'due']);
export type ContactInboxSort = z.infer<typeof contactInboxSortSchema>;

/** How one level's messages of the window fared against the promise. */
export const contactPromiseLevelSchema = z.strictObject({
  /** The promise, in hours (SUPPORT_REPLY_HOURS). */
  hours: z.number().int().positive(),
  /** Messages of the window whose outcome is known: answered, or still unanswered past their due time. */
  counted: z.number().int().min(0),
  /** Of those, answered by their due time. */
  onTime: z.number().int().min(0),
  /** onTime / counted, from 0 to 1; null when nothing counted. */
  share: z.number().min(0).max(1).nullable(),
  /** Messages of the window still open and not yet due (not counted). */
  pending: z.number().int().min(0),
});
export type ContactPromiseLevel = z.infer<typeof contactPromiseLevelSchema>;

/**
 * GET /api/admin/contact-messages/promise: the support promise as a figure over the messages
 * received in the last `days` days. A message is answered at its first console reply or, without
 * one, when the founder marked it handled.
 */
export const contactPromiseSchema = z.strictObject({
  days: z.number().int().positive(),
  since: isoDate,
  premium: contactPromiseLevelSchema,
  free: contactPromiseLevelSchema,
  visitor: contactPromiseLevelSchema,
});
export type ContactPromise = z.infer<typeof contactPromiseSchema>;

/** GET /api/admin/members(?q=) and /api/admin/members/:id (auth). */
export const adminMemberSchema = z.strictObject({
  id: z.string().min(1),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  membershipLevel: membershipLevelSchema,
  role: roleSchema,
  createdAt: isoDate,
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/**
 * A coaching booking's life: `pending` (payment started), `paid`, `scheduled` (the founder set a
 * time; the member is mailed), `completed`, `refunded` (never schedulable again).
 */
export const BOOKING_STATUSES = ['pending', 'paid', 'scheduled', 'completed', 'refunded'] as const;
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** GET /api/admin/bookings(?status=) and PATCH /api/admin/bookings/:id (billing). */
export const adminBookingSchema = z.strictObject({
  id: z.string().min(1),
  memberId: z.string().min(1),
  memberEmail: z.string().nullable(),
  memberName: z.string().nullable(),
  status: bookingStatusSchema,
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: isoDate,
  scheduledAt: isoDate.nullable(),
  note: z.string().nullable(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** One catalogue item the founder added (or the seed published) this month, as the console lists it. */
export const catalogueAdditionSchema = z.strictObject({
  kind: whatsNewKindSchema,
  id: z.string().min(1),
  title: z.string(),
  sectionSlug: z.string().optional(),
  publishedAt: isoDate,
});
export type CatalogueAddition = z.infer<typeof catalogueAdditionSchema>;

/**
 * GET /api/admin/catalogue/this-month: the "new content every month" promise. `month` is the
 * calendar month (UTC, "2026-11"); `added` its items, newest first; `warning` is set from the 20th
 * of a month in which nothing was added yet.
 */
export const catalogueThisMonthSchema = z.strictObject({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  added: z.array(catalogueAdditionSchema),
  warning: z.string().optional(),
});
export type CatalogueThisMonth = z.infer<typeof catalogueThisMonthSchema>;
