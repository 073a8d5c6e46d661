import { paginationSchema, textField } from '@fm/shared/http';
import { z } from 'zod';

export const HOLES = 18;
export const DEFAULT_PAR = 4;
export const ALLOWED_PARS: readonly number[] = [3, 4, 5];

export const LIMITS = {
  name: 120,
  place: 80,
  description: 2000,
  url: 500,
  search: 100,
} as const;

/**
 * The words a member reads when a course form is refused (SPEC §5 where it has them). Text
 * fields follow the kit's text rule (`textField`): length in characters (code points), no
 * control characters, bidi overrides removed.
 */
export const MESSAGES = {
  nameRequired: 'Course name is required',
  cityRequired: 'City is required',
  stateRequired: 'State/Province is required',
  countryRequired: 'Country is required',
  holes: 'Must have exactly 18 holes',
  holePar: (index: number) => `Hole ${index + 1} par must be 3, 4 or 5`,
  isPublic: 'Make course public must be true or false',
  nothingToChange: 'Send at least one field to change',
  isLike: 'isLike must be true or false',
  search: `Search is at most ${LIMITS.search} characters`,
} as const;

/** Null or blank mean "none" (stored as null); a create also takes absent as none. */
const noneIfBlank = (value: string | null) => (value ? value : null);

/** Optional link to a picture: a public http(s) address, or null/blank for none. */
function optionalUrl(label: string) {
  const message = `${label} must be a web address starting with http:// or https://`;
  return textField({ label, max: LIMITS.url })
    .refine((value) => value === '' || isHttpUrl(value), message)
    .nullable()
    .transform(noneIfBlank);
}

function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.length > 0 &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Exactly 18 integers, each 3, 4 or 5; a wrong hole is named (errors["pars.6"] is hole 7). */
const parsSchema = z
  .array(z.unknown(), { error: MESSAGES.holes })
  .superRefine((pars, ctx) => {
    if (pars.length !== HOLES) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.holes });
      return;
    }
    pars.forEach((par, index) => {
      if (typeof par !== 'number' || !ALLOWED_PARS.includes(par)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.holePar(index), path: [index] });
      }
    });
  })
  .transform((pars) => pars as number[]);

const isPublicSchema = z.boolean({ error: MESSAGES.isPublic });

const fields = {
  name: textField({ label: 'Course name', max: LIMITS.name, required: MESSAGES.nameRequired }),
  description: textField({ label: 'Description', max: LIMITS.description, multiline: true })
    .nullable()
    .transform(noneIfBlank),
  city: textField({ label: 'City', max: LIMITS.place, required: MESSAGES.cityRequired }),
  state: textField({ label: 'State/Province', max: LIMITS.place, required: MESSAGES.stateRequired }),
  country: textField({ label: 'Country', max: LIMITS.place, required: MESSAGES.countryRequired }),
  pars: parsSchema,
  isPublic: isPublicSchema,
  photoUrl: optionalUrl('Photo URL'),
  scorecardUrl: optionalUrl('Scorecard URL'),
};

/** Unknown keys are refused by name, so nothing but these fields ever reaches a query. */
const objectError = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
    : 'Send the course as a JSON object';

/** POST /api/courses: every hole defaults to par 4, isPublic to false, optional text to none. */
export const createCourseSchema = z.strictObject(
  {
    ...fields,
    description: fields.description.default(null),
    photoUrl: fields.photoUrl.default(null),
    scorecardUrl: fields.scorecardUrl.default(null),
    pars: fields.pars.default(() => Array.from({ length: HOLES }, () => DEFAULT_PAR)),
    isPublic: fields.isPublic.default(false),
  },
  { error: objectError },
);

/**
 * PATCH /api/courses/:id: the same fields and messages, each optional (absent means "leave it",
 * never a default); at least one.
 */
export const updateCourseSchema = z
  .strictObject(
    {
      name: fields.name.optional(),
      description: fields.description.optional(),
      city: fields.city.optional(),
      state: fields.state.optional(),
      country: fields.country.optional(),
      pars: fields.pars.optional(),
      isPublic: fields.isPublic.optional(),
      photoUrl: fields.photoUrl.optional(),
      scorecardUrl: fields.scorecardUrl.optional(),
    },
    { error: objectError },
  )
  .superRefine((patch, ctx) => {
    if (Object.values(patch).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.nothingToChange });
    }
  });

export const likeSchema = z.strictObject({ isLike: z.boolean({ error: MESSAGES.isLike }) }, { error: objectError });

/** `?q=&limit=&offset=`; unknown or repeated parameters (`q[$ne]`, `q=a&q=b`) are refused. */
export const listQuerySchema = z.strictObject(
  {
    ...paginationSchema.shape,
    q: z.string({ error: 'Search must be a single text value' }).trim().max(LIMITS.search, MESSAGES.search).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown query parameter: ${(issue as { keys?: string[] }).keys?.join(', ')}`
        : undefined,
  },
);

export type CreateCourseInput = z.infer<typeof createCourseSchema>;
export type UpdateCourseInput = z.infer<typeof updateCourseSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;
