/**
 * The Premium worksheets: one printable PDF per programme section (at least), made by the content
 * service from text it owns and served by the gateway under /media/worksheets/<slug>.pdf (Premium
 * only, like the guided audio).
 */
import { z } from 'zod';
import { catalogueManagerSchema } from './admin';
import { isoDate } from './common';

export const WORKSHEET_LIMITS = { title: 120, body: 8000 } as const;

/** GET /api/member/worksheets (Premium): one per worksheet, in the programme's section order. */
export const memberWorksheetSchema = z.strictObject({
  slug: z.string().min(1),
  title: z.string(),
  sectionSlug: z.string(),
  /** `/media/worksheets/<slug>.pdf`: a download (Content-Disposition: attachment). */
  url: z.string().startsWith('/media/worksheets/'),
  /** The PDF's size in bytes. */
  bytes: z.number().int().min(0),
  /** When the PDF was last made (its text changed). */
  updatedAt: isoDate,
});
export type MemberWorksheet = z.infer<typeof memberWorksheetSchema>;

/** GET /api/admin/worksheets(/:slug), PATCH /api/admin/worksheets/:slug: with the text the founder edits. */
export const adminWorksheetSchema = memberWorksheetSchema.extend({
  body: z.string(),
  managedBy: catalogueManagerSchema,
});
export type AdminWorksheet = z.infer<typeof adminWorksheetSchema>;

/** PATCH /api/admin/worksheets/:slug: either or both; the PDF is made again from the new text. */
export const updateWorksheetSchema = z
  .strictObject({
    title: z
      .string({ error: 'title must be text' })
      .trim()
      .min(1, 'title cannot be empty')
      .max(WORKSHEET_LIMITS.title, `title is at most ${WORKSHEET_LIMITS.title} characters`)
      .optional(),
    body: z
      .string({ error: 'body must be text' })
      .trim()
      .min(1, 'body cannot be empty')
      .max(WORKSHEET_LIMITS.body, `body is at most ${WORKSHEET_LIMITS.body} characters`)
      .optional(),
  })
  .refine((patch) => patch.title !== undefined || patch.body !== undefined, {
    message: 'Send title or body (or both)',
  });
export type UpdateWorksheetInput = z.infer<typeof updateWorksheetSchema>;
