import type { Course } from '@fm/contracts';
import type { InfiniteData } from '@reduxjs/toolkit/query/react';
import type { ApiMeta } from '@/lib/base-query';
import type { CoursePage } from '@/features/courses/api/types';

/** Courses asked for at a time: the API's default page (docs/API.md "Paginated lists"). */
export const COURSE_PAGE_SIZE = 50;

/** The API refuses a longer `q` (docs/API.md "courses"). */
export const COURSE_SEARCH_MAX_LENGTH = 100;

/**
 * What the two course lists (GET /api/courses and /api/courses/public) share: `?q=` searches
 * on the server, pages of 50 by `limit` and `offset`, the total from `X-Total-Count`. The query
 * arg is the search text ('' for everything); each search is its own cache entry.
 */
export function coursePagesOptions(url: string) {
  return {
    infiniteQueryOptions: {
      initialPageParam: 0,
      getNextPageParam: (lastPage: CoursePage, _pages: CoursePage[], lastOffset: number) => {
        const next = lastOffset + lastPage.items.length;
        return lastPage.items.length > 0 && next < lastPage.total ? next : undefined;
      },
    },
    query: ({ queryArg, pageParam }: { queryArg: string; pageParam: number }) => ({
      url,
      params: { q: queryArg, limit: COURSE_PAGE_SIZE, offset: pageParam },
    }),
    transformResponse: (items: Course[], meta: ApiMeta | undefined): CoursePage => {
      const total = meta?.response.headers.get('X-Total-Count');
      return { items, total: total ? Number(total) : items.length };
    },
  };
}

/** The courses loaded so far (each once, should a page boundary have shifted) and the list's total. */
export function loadedCourses(data: InfiniteData<CoursePage, number> | undefined): CoursePage {
  const pages = data?.pages ?? [];
  const seen = new Set<string>();
  const items = pages.flatMap((page) => page.items).filter((course) => !seen.has(course.id) && seen.add(course.id));
  return { items, total: pages.at(-1)?.total ?? 0 };
}

/** The tags a loaded list provides: its list tag and one per course. */
export function courseListTags<Tag>(listTag: Tag, data: InfiniteData<CoursePage, number> | undefined) {
  return [listTag, ...loadedCourses(data).items.map((course) => ({ type: 'Course' as const, id: course.id }))];
}
