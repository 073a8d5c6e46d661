import { z } from 'zod';
import { contentTypeSchema } from './content';
import { practiceItemKindSchema } from './practice';

/**
 * Content's catalogue as practice reads it: content's internal
 * `GET /internal/practice-catalogue?level=free|premium` (service token, audience `content`; never
 * routed by the gateway). One answer per membership level, the same for every member of it, so
 * practice keeps one copy per level and never asks with a member's cookie.
 */
export const PRACTICE_CATALOGUE_LEVELS = ['free', 'premium'] as const;
export const practiceCatalogueLevelSchema = z.enum(PRACTICE_CATALOGUE_LEVELS);
export type PracticeCatalogueLevel = z.infer<typeof practiceCatalogueLevelSchema>;

export const practiceCatalogueQuerySchema = z.strictObject({
  level: practiceCatalogueLevelSchema.describe('free or premium'),
});

export const practiceCatalogueItemSchema = z.strictObject({
  itemKind: practiceItemKindSchema,
  itemId: z.string().min(1),
  /** The member section's id (`content`), or "lessons" / "lectures". */
  sectionId: z.string().min(1),
  title: z.string(),
  contentType: contentTypeSchema,
  /** The item's length in whole seconds (from the catalogue's "10 min", "12:30"); null when it gives none. */
  lengthSec: z.number().int().positive().nullable(),
  /** A member of the level may open it. */
  open: z.boolean(),
  /** The app has a page that shows it (lessons and lectures always; a section item when its section has one). */
  hasPage: z.boolean(),
});
export type PracticeCatalogueItem = z.infer<typeof practiceCatalogueItemSchema>;

export const practiceCatalogueSchema = z.strictObject({
  level: practiceCatalogueLevelSchema,
  items: z.array(practiceCatalogueItemSchema),
});
export type PracticeCatalogue = z.infer<typeof practiceCatalogueSchema>;
