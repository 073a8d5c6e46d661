import type { Course } from '@fm/contracts';

/** One page of a course list and the size of the whole list (the `X-Total-Count` header). */
export type CoursePage = { items: Course[]; total: number };

export const COURSE_LIST_TAG = { type: 'Course' as const, id: 'LIST' };
export const PUBLIC_COURSE_LIST_TAG = { type: 'Course' as const, id: 'PUBLIC' };
