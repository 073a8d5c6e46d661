import { CLUB_IDS, MAX_BAG_CLUBS, ROUTINE_MAX, ROUTINE_MIN } from '@fm/contracts';
import { paginationSchema, textField, ValidationError } from '@fm/shared/http';
import { z } from 'zod';
import { HOLES } from './course.schemas';

export const ROUND_LIMITS = { note: 140, review: 200, word: 30 } as const;

/** The longest a round may last, start to finish (a day's golf, with room to spare). */
export const ROUND_MAX_HOURS = 12;

/** The words a member reads when a bag or a round is refused. */
export const ROUND_MESSAGES = {
  clubIds: 'clubIds must be a list of club ids',
  bagEmpty: 'Choose at least 1 club for your bag',
  bagFull: `A bag holds at most ${MAX_BAG_CLUBS} clubs (Rules of Golf 4.1b)`,
  unknownClub: (id: unknown) => `Unknown club: ${JSON.stringify(id)}`,
  duplicateClub: (id: string) => `${id} is in the bag twice`,
  id: 'Round id must be a UUID made by your device',
  date: (label: string) => `${label} must be a date and time (ISO 8601)`,
  finishedBeforeStart: 'A round cannot finish before it started',
  inTheFuture: 'A round cannot finish in the future',
  startsInTheFuture: 'A round cannot start in the future',
  tooLong: `A round cannot start more than ${ROUND_MAX_HOURS} hours before it finished`,
  beforeAccount: 'A round cannot start before your account was created',
  holes: 'Score at least 1 hole',
  tooManyHoles: `A round has at most ${HOLES} holes`,
  hole: `Hole must be a whole number from 1 to ${HOLES}`,
  holeTwice: (hole: number) => `Hole ${hole} is scored twice`,
  routine: `Routine must be a whole number from ${ROUTINE_MIN} to ${ROUTINE_MAX}`,
  word: 'The word for the day must be one word',
} as const;

const objectError = (what: string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
    : `Send the ${what} as a JSON object`;

const KNOWN_CLUBS: ReadonlySet<string> = new Set(CLUB_IDS);

/**
 * PUT /api/courses/bag: 1 to 14 known club ids, each once, in any order; stored and answered in
 * SPEC order (CLUB_IDS). The first problem is named: not a list, empty, unknown, twice, too many.
 */
export const bagInputSchema = z.strictObject(
  {
    clubIds: z
      .array(z.unknown(), { error: ROUND_MESSAGES.clubIds })
      .superRefine((ids, ctx) => {
        if (ids.length === 0) ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.bagEmpty });
        const seen = new Set<string>();
        ids.forEach((id, index) => {
          if (typeof id !== 'string' || !KNOWN_CLUBS.has(id)) {
            ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.unknownClub(id), path: [index] });
          } else if (seen.has(id)) {
            ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.duplicateClub(id), path: [index] });
          } else seen.add(id);
        });
        if (ids.length > MAX_BAG_CLUBS) ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.bagFull });
      })
      .transform((ids) => CLUB_IDS.filter((id) => ids.includes(id))),
  },
  { error: objectError('bag') },
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A round id in a path: a UUID, lower-cased (anything else names no round). */
export function normaliseRoundId(id: string): string | null {
  return UUID.test(id) ? id.toLowerCase() : null;
}

const dateField = (label: string) =>
  z.iso.datetime({ offset: true, error: ROUND_MESSAGES.date(label) }).transform((value) => new Date(value));

const optionalText = (label: string, max: number) =>
  textField({ label, max })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const holeSchema = z.strictObject(
  {
    hole: z
      .number({ error: ROUND_MESSAGES.hole })
      .int(ROUND_MESSAGES.hole)
      .min(1, ROUND_MESSAGES.hole)
      .max(HOLES, ROUND_MESSAGES.hole),
    routine: z
      .number({ error: ROUND_MESSAGES.routine })
      .int(ROUND_MESSAGES.routine)
      .min(ROUTINE_MIN, ROUND_MESSAGES.routine)
      .max(ROUTINE_MAX, ROUND_MESSAGES.routine),
    note: optionalText('Note', ROUND_LIMITS.note),
  },
  { error: objectError('hole') },
);

/**
 * How far a device's clock may be from the server's (clocks drift): a start or finish at most this
 * far ahead of the server's now, a start at most this far before the account's creation.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * POST /api/courses/:id/rounds: the round's mental scorecard (never its shots). `id` is made by
 * the device (a UUID), so a retry of the same round is recognised.
 */
export const roundInputSchema = z
  .strictObject(
    {
      id: z
        .string({ error: ROUND_MESSAGES.id })
        .regex(UUID, ROUND_MESSAGES.id)
        .transform((id) => id.toLowerCase()),
      startedAt: dateField('startedAt'),
      finishedAt: dateField('finishedAt'),
      holes: z
        .array(holeSchema, { error: ROUND_MESSAGES.holes })
        .min(1, ROUND_MESSAGES.holes)
        .max(HOLES, ROUND_MESSAGES.tooManyHoles)
        .superRefine((holes, ctx) => {
          const seen = new Set<number>();
          holes.forEach((hole, index) => {
            if (seen.has(hole.hole)) {
              ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.holeTwice(hole.hole), path: [index, 'hole'] });
            }
            seen.add(hole.hole);
          });
        })
        .transform((holes) => [...holes].sort((a, b) => a.hole - b.hole)),
      review: z
        .strictObject(
          {
            wentWell: optionalText('What went well', ROUND_LIMITS.review),
            workOn: optionalText('What to work on', ROUND_LIMITS.review),
            word: optionalText('The word for the day', ROUND_LIMITS.word).refine(
              (word) => word === null || !/\s/.test(word),
              ROUND_MESSAGES.word,
            ),
          },
          { error: objectError('review') },
        )
        .optional()
        .transform((review) => review ?? { wentWell: null, workOn: null, word: null }),
    },
    { error: objectError('round') },
  )
  .superRefine((round, ctx) => {
    // A date that did not parse was already named (its field's message).
    if (!(round.startedAt instanceof Date) || !(round.finishedAt instanceof Date)) return;
    const latest = Date.now() + CLOCK_SKEW_MS;
    if (round.startedAt.getTime() > latest) {
      ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.startsInTheFuture, path: ['startedAt'] });
    } else if (round.finishedAt < round.startedAt) {
      ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.finishedBeforeStart, path: ['finishedAt'] });
    } else if (round.finishedAt.getTime() > latest) {
      ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.inTheFuture, path: ['finishedAt'] });
    } else if (round.finishedAt.getTime() - round.startedAt.getTime() > ROUND_MAX_HOURS * 3600_000) {
      ctx.addIssue({ code: 'custom', message: ROUND_MESSAGES.tooLong, path: ['startedAt'] });
    }
  });

/**
 * A round is the member's own play, so it cannot start before their account existed (less the
 * clock skew). A round kept by the outbox and sent days later passes: its start is still after
 * the account's creation. `accountCreatedAt` is the viewer's (ISO); unreadable → not checked.
 */
export function assertRoundAfterAccount(round: Pick<RoundInput, 'startedAt'>, accountCreatedAt: string): void {
  const created = Date.parse(accountCreatedAt);
  if (round.startedAt.getTime() < created - CLOCK_SKEW_MS) {
    throw new ValidationError(ROUND_MESSAGES.beforeAccount, { startedAt: ROUND_MESSAGES.beforeAccount });
  }
}

/** `?limit=&offset=&courseId=`: the member's rounds, newest first, optionally of one course. */
export const roundListQuerySchema = z.strictObject(
  {
    ...paginationSchema.shape,
    courseId: z.string({ error: 'courseId must be a single course id' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown query parameter: ${(issue as { keys?: string[] }).keys?.join(', ')}`
        : undefined,
  },
);

export type RoundInput = z.infer<typeof roundInputSchema>;
export type RoundListQuery = z.infer<typeof roundListQuerySchema>;
