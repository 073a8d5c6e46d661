/** Course creation rules (SPEC §5), shared by the builder form and its tests. */

export const HOLES = 18;
export const PAR_OPTIONS = [3, 4, 5] as const;
export const DEFAULT_PAR = 4;

export type CourseFormValues = {
  name: string;
  description: string;
  city: string;
  state: string;
  country: string;
  pars: number[];
  isPublic: boolean;
};

export type CourseField = 'name' | 'description' | 'city' | 'state' | 'country' | 'pars' | 'isPublic';
export type CourseFormErrors = Partial<Record<CourseField, string>>;

export const COURSE_MESSAGES = {
  name: 'Course name is required',
  city: 'City is required',
  state: 'State/Province is required',
  country: 'Country is required',
  holes: 'Must have exactly 18 holes',
  par: 'Each hole must be a par 3, 4 or 5',
} as const;

export function emptyCourseForm(): CourseFormValues {
  return {
    name: '',
    description: '',
    city: '',
    state: '',
    country: '',
    pars: Array.from({ length: HOLES }, () => DEFAULT_PAR),
    isPublic: false,
  };
}

export function validateCourse(values: CourseFormValues): CourseFormErrors {
  const errors: CourseFormErrors = {};
  if (!values.name.trim()) errors.name = COURSE_MESSAGES.name;
  if (!values.city.trim()) errors.city = COURSE_MESSAGES.city;
  if (!values.state.trim()) errors.state = COURSE_MESSAGES.state;
  if (!values.country.trim()) errors.country = COURSE_MESSAGES.country;
  if (values.pars.length !== HOLES) errors.pars = COURSE_MESSAGES.holes;
  else if (values.pars.some((p) => !Number.isInteger(p) || p < 3 || p > 5)) errors.pars = COURSE_MESSAGES.par;
  return errors;
}

export const totalPar = (pars: readonly number[]) => pars.reduce((sum, p) => sum + p, 0);

/** Server `errors` keys we know how to show next to a field; anything else goes to the toast. */
const FIELDS: readonly CourseField[] = ['name', 'description', 'city', 'state', 'country', 'pars', 'isPublic'];

export function mapServerErrors(errors: Record<string, string> | undefined): CourseFormErrors {
  const mapped: CourseFormErrors = {};
  if (!errors) return mapped;
  for (const [key, message] of Object.entries(errors)) {
    // zod paths like "pars.3" belong to the pars field
    const root = key.split('.')[0] as CourseField;
    if (FIELDS.includes(root) && !mapped[root]) mapped[root] = message;
  }
  return mapped;
}
