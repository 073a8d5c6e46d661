import { z } from 'zod';
import { isoDate } from './common';

/** A course as GET/POST/PATCH /api/courses… answer it, for the member asking. */
export const courseSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  description: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  photoUrl: z.string().nullable(),
  scorecardUrl: z.string().nullable(),
  pars: z.array(z.number().int()),
  totalPar: z.number().int(),
  isPublic: z.boolean(),
  isOwner: z.boolean(),
  /** The owner's display name, or null when they gave none. */
  ownerName: z.string().nullable(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  favorites: z.number().int(),
  /** true liked, false disliked, null neither. */
  myLike: z.boolean().nullable(),
  isFavorite: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Course = z.infer<typeof courseSchema>;
