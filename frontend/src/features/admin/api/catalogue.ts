/**
 * The catalogue kinds the console edits (content's `/api/admin/…`): where each lives and which
 * public tags a change to it makes stale, so an open public page shows the edit at once.
 */
export const CATALOGUE_KINDS = {
  lessons: { publicTag: 'Lesson' },
  lectures: { publicTag: 'Lecture' },
  testimonials: { publicTag: 'Testimonial' },
  tiers: { publicTag: 'MembershipTier' },
  sectionItems: { publicTag: 'Content' },
} as const;

export type CatalogueKind = keyof typeof CATALOGUE_KINDS;

/** The AdminCatalogue tag id of one kind's lists (a section's items: one tag per section). */
export const catalogueListTag = (kind: CatalogueKind, slug?: string) =>
  ({ type: 'AdminCatalogue', id: slug ? `${kind}:${slug}` : kind }) as const;
