/**
 * What the founder console may send to change the catalogue (`/api/admin/…`). The same style as
 * the course forms: strict bodies (an unknown field is named in the 400), one message per field,
 * the kit's `textField` rule for free text, and checked media addresses. A PATCH takes the same
 * fields, each optional, at least one.
 */
import { CONTENT_TYPES, LESSON_CATEGORIES } from '@fm/contracts';
import { adminListQuerySchema, textField } from '@fm/shared/http';
import { z } from 'zod';

export const ADMIN_LIMITS = {
  title: 120,
  description: 2000,
  duration: 20,
  url: 500,
  textContent: 20_000,
  name: 80,
  location: 80,
  quote: 1000,
  tierName: 40,
  price: 40,
  feature: 120,
  features: 20,
  order: 10_000,
} as const;

/** How a video is embedded: a YouTube or Vimeo page, or a file address played as it is. */
export const VIDEO_TYPES = ['youtube', 'vimeo', 'file'] as const;

const VIDEO_HOSTS: Record<string, readonly string[]> = {
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'],
  vimeo: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
};

export const ADMIN_MESSAGES = {
  nothingToChange: 'Send at least one field to change',
  videoUrl: 'Video URL must be a web address starting with https:// or http://',
  videoHost: (type: string) =>
    `Video URL must be a ${type === 'youtube' ? 'YouTube' : 'Vimeo'} address for that video type`,
  videoType: `Video type must be one of: ${VIDEO_TYPES.join(', ')}`,
  audioUrl: 'Audio URL must be a path on this site starting with /media/, or a web address starting with https://',
  avatarUrl: 'Avatar URL must be a web address starting with https:// or http://',
  order: `Order must be a whole number from 0 to ${ADMIN_LIMITS.order}`,
  isFree: 'Free must be true or false',
  isFeatured: 'Featured must be true or false',
  category: `Category must be one of: ${LESSON_CATEGORIES.join(', ')}`,
  contentType: `Content type must be one of: ${CONTENT_TYPES.join(', ')}`,
  features: `Features must be a list of at most ${ADMIN_LIMITS.features} texts`,
  lectureNumber: 'Lecture numbers are fixed (1-5) and cannot be changed',
  lectureIsFree: 'Which lecture is free is fixed (lecture 1) and cannot be changed',
  premiumPrice: 'The Premium price is set by PREMIUM_PRICE_CENTS and CURRENCY on the server and cannot be edited here',
  premiumName: 'The Premium tier cannot be renamed: billing and the price refer to it by name',
  premiumDelete: 'The Premium tier cannot be deleted: it is what the site sells',
  itemMedia: {
    video: 'A video item needs a Video URL',
    audio: 'An audio item needs an Audio URL',
    text: 'A text item needs its text',
  },
} as const;

function parsedUrl(value: string): URL | undefined {
  if (/\s/.test(value)) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!url.hostname || url.username || url.password) return undefined;
    return url;
  } catch {
    return undefined;
  }
}

export function isWebUrl(value: string): boolean {
  return parsedUrl(value) !== undefined;
}

/** A site path under /media/ (the gateway's generated or dropped-in audio), no traversal. */
function isMediaPath(value: string): boolean {
  return /^\/media\/[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value) && !value.includes('..') && !value.includes('//');
}

/** The video address fits its type: YouTube and Vimeo videos come from their own hosts. */
export function videoUrlFits(videoType: string | null | undefined, videoUrl: string | null | undefined): boolean {
  if (!videoUrl || !videoType) return true;
  const hosts = VIDEO_HOSTS[videoType];
  if (!hosts) return true;
  const url = parsedUrl(videoUrl);
  return url !== undefined && hosts.includes(url.hostname.toLowerCase());
}

const noneIfBlank = (value: string | null) => (value ? value : null);

const videoUrl = textField({ label: 'Video URL', max: ADMIN_LIMITS.url, required: 'Video URL is required' }).refine(
  isWebUrl,
  ADMIN_MESSAGES.videoUrl,
);
const videoType = z.enum(VIDEO_TYPES, { error: ADMIN_MESSAGES.videoType });
/** Optional audio: a /media/ path or an https address; null or blank for none. */
const audioUrl = textField({ label: 'Audio URL', max: ADMIN_LIMITS.url })
  .refine(
    (value) => value === '' || isMediaPath(value) || (value.startsWith('https://') && isWebUrl(value)),
    ADMIN_MESSAGES.audioUrl,
  )
  .nullable()
  .transform(noneIfBlank);
const order = z
  .number({ error: ADMIN_MESSAGES.order })
  .int(ADMIN_MESSAGES.order)
  .min(0, ADMIN_MESSAGES.order)
  .max(ADMIN_LIMITS.order, ADMIN_MESSAGES.order);
const title = textField({ label: 'Title', max: ADMIN_LIMITS.title, required: 'Title is required' });
const description = textField({
  label: 'Description',
  max: ADMIN_LIMITS.description,
  multiline: true,
  required: 'Description is required',
});
const duration = textField({ label: 'Duration', max: ADMIN_LIMITS.duration, required: 'Duration is required' });

const objectError = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
    : 'Send the record as a JSON object';

/** All fields optional, at least one present, and no `undefined` left in the result. */
function patchOf<S extends z.ZodRawShape>(shape: S) {
  const partial = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, (field as z.ZodType).optional()]),
  );
  return z
    .strictObject(partial as unknown as { [K in keyof S]: z.ZodOptional<S[K]> }, { error: objectError })
    .superRefine((patch, ctx) => {
      if (Object.values(patch).every((value) => value === undefined)) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.nothingToChange });
      }
    })
    .transform((patch) => Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as typeof patch);
}

/** Adds an issue on videoUrl when it does not fit the videoType given with it. */
function checkVideo(value: { videoType?: string | null; videoUrl?: string | null }, ctx: z.RefinementCtx) {
  if (!videoUrlFits(value.videoType, value.videoUrl)) {
    ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: ADMIN_MESSAGES.videoHost(value.videoType ?? '') });
  }
}

// ---- lessons ---------------------------------------------------------------------------------

const lessonShape = {
  title,
  description,
  videoUrl,
  videoType,
  audioUrl,
  duration,
  isFree: z.boolean({ error: ADMIN_MESSAGES.isFree }),
  order,
  category: z.enum(LESSON_CATEGORIES, { error: ADMIN_MESSAGES.category }),
};

/** POST /api/admin/lessons: audioUrl defaults to none, order to after the last lesson. */
export const createLessonSchema = z
  .strictObject(
    { ...lessonShape, audioUrl: lessonShape.audioUrl.default(null), order: lessonShape.order.optional() },
    { error: objectError },
  )
  .superRefine(checkVideo);
/** PATCH /api/admin/lessons/:id (the video address is checked against the type with the stored record). */
export const updateLessonSchema = patchOf(lessonShape);

// ---- lectures (PATCH only) -------------------------------------------------------------------

export const updateLectureSchema = patchOf({
  title,
  description,
  duration,
  videoUrl,
  videoType,
  number: z.never({ error: ADMIN_MESSAGES.lectureNumber }),
  isFree: z.never({ error: ADMIN_MESSAGES.lectureIsFree }),
});

// ---- section items ---------------------------------------------------------------------------

const optionalText = (label: string, max: number, multiline = false) =>
  textField({ label, max, multiline }).nullable().transform(noneIfBlank);

const sectionItemShape = {
  title,
  description: optionalText('Description', ADMIN_LIMITS.description, true),
  contentType: z.enum(CONTENT_TYPES, { error: ADMIN_MESSAGES.contentType }),
  videoUrl: textField({ label: 'Video URL', max: ADMIN_LIMITS.url })
    .refine((value) => value === '' || isWebUrl(value), ADMIN_MESSAGES.videoUrl)
    .nullable()
    .transform(noneIfBlank),
  videoType: videoType.nullable(),
  audioUrl,
  textContent: optionalText('Text', ADMIN_LIMITS.textContent, true),
  duration: optionalText('Duration', ADMIN_LIMITS.duration),
  order,
};

/** POST /api/admin/sections/:slug/content: optional fields default to none, order to last. */
export const createSectionItemSchema = z.strictObject(
  {
    ...sectionItemShape,
    description: sectionItemShape.description.default(null),
    videoUrl: sectionItemShape.videoUrl.default(null),
    videoType: sectionItemShape.videoType.default(null),
    audioUrl: sectionItemShape.audioUrl.default(null),
    textContent: sectionItemShape.textContent.default(null),
    duration: sectionItemShape.duration.default(null),
    order: sectionItemShape.order.optional(),
  },
  { error: objectError },
);
export const updateSectionItemSchema = patchOf(sectionItemShape);

/** A section item (as it will be stored) has what its type plays; field → message, or none. */
export function sectionItemProblems(item: {
  contentType: string;
  videoUrl: string | null;
  videoType: string | null;
  audioUrl: string | null;
  textContent: string | null;
}): Record<string, string> | undefined {
  if (item.contentType === 'video' && !item.videoUrl) return { videoUrl: ADMIN_MESSAGES.itemMedia.video };
  if (item.contentType === 'video' && !videoUrlFits(item.videoType, item.videoUrl)) {
    return { videoUrl: ADMIN_MESSAGES.videoHost(item.videoType ?? '') };
  }
  if (item.contentType === 'audio' && !item.audioUrl) return { audioUrl: ADMIN_MESSAGES.itemMedia.audio };
  if (item.contentType === 'text' && !item.textContent) return { textContent: ADMIN_MESSAGES.itemMedia.text };
  return undefined;
}

// ---- testimonials ----------------------------------------------------------------------------

const testimonialShape = {
  name: textField({ label: 'Name', max: ADMIN_LIMITS.name, required: 'Name is required' }),
  location: textField({ label: 'Location', max: ADMIN_LIMITS.location, required: 'Location is required' }),
  quote: textField({ label: 'Quote', max: ADMIN_LIMITS.quote, multiline: true, required: 'Quote is required' }),
  avatarUrl: textField({ label: 'Avatar URL', max: ADMIN_LIMITS.url })
    .refine((value) => value === '' || isWebUrl(value), ADMIN_MESSAGES.avatarUrl)
    .nullable()
    .transform(noneIfBlank),
};

export const createTestimonialSchema = z.strictObject(
  { ...testimonialShape, avatarUrl: testimonialShape.avatarUrl.default(null) },
  { error: objectError },
);
export const updateTestimonialSchema = patchOf(testimonialShape);

// ---- membership tiers ------------------------------------------------------------------------

const tierShape = {
  name: textField({ label: 'Name', max: ADMIN_LIMITS.tierName, required: 'Name is required' }),
  price: textField({ label: 'Price', max: ADMIN_LIMITS.price, required: 'Price is required' }),
  features: z
    .array(textField({ label: 'Feature', max: ADMIN_LIMITS.feature, required: 'Feature cannot be blank' }), {
      error: ADMIN_MESSAGES.features,
    })
    .max(ADMIN_LIMITS.features, ADMIN_MESSAGES.features),
  isFeatured: z.boolean({ error: ADMIN_MESSAGES.isFeatured }),
  order,
};

export const createTierSchema = z.strictObject(
  {
    ...tierShape,
    features: tierShape.features.default([]),
    isFeatured: tierShape.isFeatured.default(false),
    order: tierShape.order.optional(),
  },
  { error: objectError },
);
export const updateTierSchema = patchOf(tierShape);

// ---- lists -----------------------------------------------------------------------------------

/** Every admin catalogue list: page and pageSize only. */
export const adminCatalogueListQuery = adminListQuerySchema({});

export type CreateLessonInput = z.infer<typeof createLessonSchema>;
export type UpdateLessonInput = z.infer<typeof updateLessonSchema>;
export type UpdateLectureInput = z.infer<typeof updateLectureSchema>;
export type CreateSectionItemInput = z.infer<typeof createSectionItemSchema>;
export type UpdateSectionItemInput = z.infer<typeof updateSectionItemSchema>;
export type CreateTestimonialInput = z.infer<typeof createTestimonialSchema>;
export type UpdateTestimonialInput = z.infer<typeof updateTestimonialSchema>;
export type CreateTierInput = z.infer<typeof createTierSchema>;
export type UpdateTierInput = z.infer<typeof updateTierSchema>;
