import { z } from 'zod';
import { isoDate } from './common';

export const LESSON_CATEGORIES = ['confidence', 'composure', 'concentration', 'other'] as const;
export const lessonCategorySchema = z.enum(LESSON_CATEGORIES);
export type LessonCategory = z.infer<typeof lessonCategorySchema>;

const lessonFields = {
  id: z.string().min(1),
  title: z.string(),
  description: z.string(),
  videoType: z.string(),
  duration: z.string(),
  isFree: z.boolean(),
  order: z.number().int(),
  category: lessonCategorySchema,
  /** When it was published: the seed's date for a seeded lesson, the time the founder added it otherwise. */
  publishedAt: isoDate,
};

/** GET /api/lessons(/:id): a `locked` lesson (Premium, caller is not) carries no media URLs. */
export const lessonSchema = z.discriminatedUnion('locked', [
  z.strictObject({ ...lessonFields, locked: z.literal(false), videoUrl: z.string(), audioUrl: z.string().nullable() }),
  z.strictObject({ ...lessonFields, locked: z.literal(true) }),
]);
export type Lesson = z.infer<typeof lessonSchema>;

const lectureFields = {
  id: z.string().min(1),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  duration: z.string(),
  publishedAt: isoDate,
};

/** GET /api/member/lectures: lecture 1 opens for every member, the others for Premium only. */
export const lectureSchema = z.discriminatedUnion('locked', [
  z.strictObject({ ...lectureFields, locked: z.literal(false), videoUrl: z.string(), videoType: z.string() }),
  z.strictObject({ ...lectureFields, locked: z.literal(true) }),
]);
export type Lecture = z.infer<typeof lectureSchema>;

/** GET /api/testimonials. */
export const testimonialSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  location: z.string(),
  quote: z.string(),
  avatarUrl: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** GET /api/membership-tiers; `price` is display text ("$19.99", "Free"). */
export const membershipTierSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  price: z.string(),
  features: z.array(z.string()),
  isFeatured: z.boolean(),
  order: z.number().int(),
});
export type MembershipTier = z.infer<typeof membershipTierSchema>;

/** GET /api/member/sections(/:slug). */
export const memberSectionSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  /** The member area has a page for the section (/member/<slug>); false: its items open nowhere yet. */
  hasPage: z.boolean(),
});
export type MemberSection = z.infer<typeof memberSectionSchema>;

export const CONTENT_TYPES = ['video', 'audio', 'text'] as const;
export const contentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof contentTypeSchema>;

/** GET /api/member/content(/:sectionId) (Premium). */
export const memberContentSchema = z.strictObject({
  id: z.string().min(1),
  sectionId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  contentType: contentTypeSchema,
  videoUrl: z.string().nullable(),
  videoType: z.string().nullable(),
  audioUrl: z.string().nullable(),
  textContent: z.string().nullable(),
  duration: z.string().nullable(),
  order: z.number().int(),
  createdAt: isoDate,
  publishedAt: isoDate,
});
export type MemberContent = z.infer<typeof memberContentSchema>;

/** GET /api/member/guided-visualizations (Premium): `guide` is the script its audio speaks. */
export const guidedVisualizationSchema = z.strictObject({
  id: z.string().min(1),
  title: z.string(),
  description: z.string(),
  guide: z.string(),
  audioUrl: z.string(),
});
export type GuidedVisualization = z.infer<typeof guidedVisualizationSchema>;

export const talkSchema = z.strictObject({ title: z.string(), description: z.string(), videoUrl: z.string() });
export type Talk = z.infer<typeof talkSchema>;

export const faqEntrySchema = z.strictObject({ question: z.string(), answer: z.string() });
export type FaqEntry = z.infer<typeof faqEntrySchema>;

/**
 * The Premium member pages that are not sections, by slug. Texts may hold `{productName}` and
 * `{founderNameWithoutTitle}`: the frontend fills them in.
 */
export const memberPageSchemas = {
  'crash-course': z.strictObject({ videoUrl: z.string(), paragraphs: z.array(z.string()) }),
  'more-talks': z.strictObject({ talks: z.array(talkSchema) }),
  faq: z.strictObject({ entries: z.array(faqEntrySchema) }),
  'about-me': z.strictObject({ paragraphs: z.array(z.string()), highlights: z.array(z.string()) }),
} as const;

export type MemberPages = { [S in keyof typeof memberPageSchemas]: z.infer<(typeof memberPageSchemas)[S]> };
export type MemberPageSlug = keyof MemberPages;

/** GET /api/member/pages/:slug (Premium): the page's body with its slug. */
export const memberPageSchema = z.discriminatedUnion('slug', [
  memberPageSchemas['crash-course'].extend({ slug: z.literal('crash-course') }),
  memberPageSchemas['more-talks'].extend({ slug: z.literal('more-talks') }),
  memberPageSchemas.faq.extend({ slug: z.literal('faq') }),
  memberPageSchemas['about-me'].extend({ slug: z.literal('about-me') }),
]);
export type MemberPage = z.infer<typeof memberPageSchema>;

/** What is new: catalogue items published in the last `WHATS_NEW_DAYS` days (the SPA's "New" badge uses the same 30). */
export const WHATS_NEW_DAYS = 30;
/** GET /api/member/whats-new answers at most this many items. */
export const WHATS_NEW_LIMIT = 6;

export const WHATS_NEW_KINDS = ['lesson', 'lecture', 'item'] as const;
export const whatsNewKindSchema = z.enum(WHATS_NEW_KINDS);
export type WhatsNewKind = z.infer<typeof whatsNewKindSchema>;

/**
 * GET /api/member/whats-new (any member): one recently published lesson, lecture or section item.
 * `sectionSlug` only for a section item. `locked`: a Premium item and the caller is not Premium.
 * Never any media: the pages the item lives on decide that.
 */
export const whatsNewItemSchema = z.strictObject({
  kind: whatsNewKindSchema,
  id: z.string().min(1),
  title: z.string(),
  sectionSlug: z.string().optional(),
  publishedAt: isoDate,
  locked: z.boolean(),
});
export type WhatsNewItem = z.infer<typeof whatsNewItemSchema>;
