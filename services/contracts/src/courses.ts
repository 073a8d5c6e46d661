import { z } from 'zod';
import { CLUB_IDS, MAX_BAG_CLUBS } from './clubs';
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

/** GET/PUT /api/courses/bag: the member's clubs, 1 to 14, in CLUB_IDS order (clubs.ts). */
export const bagSchema = z.strictObject({
  clubIds: z.array(z.enum(CLUB_IDS)).min(1).max(MAX_BAG_CLUBS),
});
export type Bag = z.infer<typeof bagSchema>;

/** How well the member stayed with their routine on a hole: 1 (not at all) to 5 (every shot). */
export const ROUTINE_MIN = 1;
export const ROUTINE_MAX = 5;

/** A round's mental scorecard as GET/POST /api/courses…/rounds answer it (shots are never stored). */
export const roundSchema = z.strictObject({
  /** Made by the member's device when the round started (a UUID); the same id twice is one round. */
  id: z.string().min(1),
  courseId: z.string().min(1),
  /** The course's name when the round was saved (the course may be renamed or deleted later). */
  courseName: z.string(),
  startedAt: isoDate,
  finishedAt: isoDate,
  /** The holes the member scored, by hole number. */
  holes: z.array(
    z.strictObject({
      hole: z.number().int().min(1).max(18),
      routine: z.number().int().min(ROUTINE_MIN).max(ROUTINE_MAX),
      note: z.string().nullable(),
    }),
  ),
  review: z.strictObject({
    wentWell: z.string().nullable(),
    workOn: z.string().nullable(),
    word: z.string().nullable(),
  }),
  /** The mean routine score of the scored holes, one decimal. */
  mentalScore: z.number(),
  createdAt: isoDate,
});
export type Round = z.infer<typeof roundSchema>;
