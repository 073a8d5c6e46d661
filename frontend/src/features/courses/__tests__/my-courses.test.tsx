import type { Course } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { MyCourses } from '@/features/courses/components/my-courses';
import { buildCourse } from '@/features/courses/__tests__/course-factory';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

type ListRequest = { q: string; limit: number; offset: number };

/**
 * GET /api/courses or /api/courses/public as the courses service answers it: `q` matched in
 * name, city, state or country ignoring case, `limit`/`offset` paging, the total in
 * X-Total-Count (docs/API.md). Every request is logged.
 */
function courseList(courses: () => Course[], log: ListRequest[]) {
  return ({ request }: { request: Request }) => {
    const params = new URL(request.url).searchParams;
    const asked = {
      q: params.get('q') ?? '',
      limit: Number(params.get('limit') ?? 50),
      offset: Number(params.get('offset') ?? 0),
    };
    log.push(asked);
    const q = asked.q.trim().toLowerCase();
    const found = courses().filter((c) =>
      [c.name, c.city, c.state, c.country].some((f) => f.toLowerCase().includes(q)),
    );
    return HttpResponse.json(found.slice(asked.offset, asked.offset + asked.limit), {
      headers: { 'X-Total-Count': String(found.length) },
    });
  };
}

function serve(own: Course[], community: Course[] = []) {
  const state = {
    own: [...own],
    deletes: [] as string[],
    ownRequests: [] as ListRequest[],
    communityRequests: [] as ListRequest[],
  };
  server.use(
    http.get(
      apiUrl('courses'),
      courseList(() => state.own, state.ownRequests),
    ),
    http.get(
      apiUrl('courses/public'),
      courseList(() => community, state.communityRequests),
    ),
    http.delete(apiUrl('courses/:id'), ({ params }) => {
      state.deletes.push(String(params.id));
      state.own = state.own.filter((c) => c.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const renderMyCourses = () =>
  renderWithProviders(<MyCourses />, { path: '/member/my-courses', routePath: '/member/my-courses' });
// Over a hundred cards, role queries are slow in jsdom: `hidden: true` skips the visibility check
// of every element (nothing in these sections is hidden), and Show more is found by its text
// rather than by computing the accessible name of every card's buttons.
const region = (sectionName: string) => screen.getByRole('region', { name: sectionName, hidden: true });
const inRegion = (sectionName: string) => within(region(sectionName));
const cardNames = (sectionName: string) =>
  inRegion(sectionName)
    .queryAllByRole('article', { hidden: true })
    .map((a) => a.getAttribute('aria-label'));
const showMore = (sectionName: string) => inRegion(sectionName).queryByText('Show more', { selector: 'button' });

/** `count` courses, newest first as the server lists them: "<prefix> 1" is the newest. */
const manyCourses = (count: number, prefix: string, overrides: Partial<Course> = {}) =>
  Array.from({ length: count }, (_, i) =>
    buildCourse({ id: `${prefix}-${i + 1}`, name: `${prefix} ${i + 1}`, city: 'Springfield', ...overrides }),
  );

const lakeside = buildCourse({
  id: 'own-1',
  name: 'Lakeside Links',
  city: 'Madison',
  state: 'Wisconsin',
  country: 'USA',
  description: 'Windy lakeside holes.',
  isPublic: true,
  pars: Array(18).fill(4),
  totalPar: 72,
});
const highland = buildCourse({
  id: 'own-2',
  name: 'Highland Park',
  city: 'Aberdeen',
  state: 'Aberdeenshire',
  country: 'Scotland',
});
const shared = buildCourse({
  id: 'pub-1',
  name: 'Sunset Dunes',
  city: 'Perth',
  state: 'WA',
  country: 'Australia',
  isPublic: true,
  isOwner: false,
  ownerName: 'Sam',
});

describe('my courses', () => {
  it('when the member has courses, then each shows location, description, public icon, Total Par and a Visualize Course link', async () => {
    serve([lakeside, highland]);
    renderMyCourses();
    const card = await screen.findByRole('article', { name: 'Lakeside Links' });
    expect(within(card).getByText('Madison, Wisconsin, USA')).toBeInTheDocument();
    expect(within(card).getByText('Windy lakeside holes.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Public course')).toBeInTheDocument();
    expect(within(card).getByText('Total Par: 72')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Visualize Course' })).toHaveAttribute(
      'href',
      '/member/course-player/own-1',
    );
    expect(
      within(screen.getByRole('article', { name: 'Highland Park' })).queryByLabelText('Public course'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Course' })).toHaveAttribute('href', '/member/course-builder');
  });

  it('hides Community Courses when there are none, and offers no delete on others’ courses', async () => {
    serve([lakeside]);
    const { unmount } = renderMyCourses();
    await screen.findByRole('article', { name: 'Lakeside Links' });
    expect(screen.queryByText('Community Courses')).not.toBeInTheDocument();
    unmount();

    serve([lakeside], [shared]);
    renderMyCourses();
    const community = await screen.findByRole('article', { name: 'Sunset Dunes' });
    expect(screen.getByRole('heading', { name: 'Community Courses' })).toBeInTheDocument();
    expect(within(community).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Lakeside Links' })).getByRole('button', {
        name: 'Delete Lakeside Links',
      }),
    ).toBeInTheDocument();
  });

  it('when the member types a search, then the server answers it (name, city, state or country, any case) with the right empty messages', async () => {
    const state = serve([lakeside, highland], [shared]);
    const { user } = renderMyCourses();
    await screen.findByRole('article', { name: 'Sunset Dunes' });
    const search = screen.getByRole('textbox', { name: 'Search courses' });

    await user.type(search, 'SCOT');
    await waitFor(() => expect(cardNames('Your Courses')).toEqual(['Highland Park']));
    expect(await screen.findByText('No community courses match your search.')).toBeInTheDocument();
    expect(state.ownRequests.at(-1)).toEqual({ q: 'SCOT', limit: 50, offset: 0 });
    expect(state.communityRequests.at(-1)).toEqual({ q: 'SCOT', limit: 50, offset: 0 });

    await user.clear(search);
    await user.type(search, 'madison');
    await waitFor(() => expect(cardNames('Your Courses')).toEqual(['Lakeside Links']));

    await user.clear(search);
    await user.type(search, 'perth');
    expect(await screen.findByText('No courses match your search.')).toBeInTheDocument();
    expect(cardNames('Community Courses')).toEqual(['Sunset Dunes']);

    await user.clear(search);
    await user.type(search, 'wisc');
    await waitFor(() => expect(cardNames('Your Courses')).toEqual(['Lakeside Links']));
    // Typing is debounced: only what the member paused on goes out, never a request per key stroke.
    for (const { q } of state.ownRequests) expect(['', 'SCOT', 'madison', 'perth', 'wisc']).toContain(q);
  });

  it('when a member has 51 courses and 51 community courses, then each list shows 50 of 51 and Show more brings the 51st', async () => {
    const state = serve(manyCourses(51, 'Mine'), manyCourses(51, 'Shared', { isOwner: false, isPublic: true }));
    const { user } = renderMyCourses();
    await screen.findByText('Shared 50');

    for (const [section, prefix] of [
      ['Your Courses', 'Mine'],
      ['Community Courses', 'Shared'],
    ] as const) {
      expect(cardNames(section)).toHaveLength(50);
      expect(inRegion(section).getByRole('status', { hidden: true })).toHaveTextContent('Showing 50 of 51');
      expect(cardNames(section)).not.toContain(`${prefix} 51`);

      await user.click(showMore(section)!);
      await waitFor(() => expect(cardNames(section)).toContain(`${prefix} 51`));
      expect(cardNames(section)).toHaveLength(51);
      expect(inRegion(section).getByRole('status', { hidden: true })).toHaveTextContent('Showing 51 of 51');
      expect(showMore(section)).not.toBeInTheDocument();
    }
    expect(state.ownRequests).toEqual([
      { q: '', limit: 50, offset: 0 },
      { q: '', limit: 50, offset: 50 },
    ]);
    expect(state.communityRequests).toEqual([
      { q: '', limit: 50, offset: 0 },
      { q: '', limit: 50, offset: 50 },
    ]);
  });

  it('when the member searches for a course past the first 50, then the server finds it without paging', async () => {
    const own = manyCourses(51, 'Mine');
    own[50] = buildCourse({ id: 'oldest', name: 'Old Tom Morris Links', city: 'St Andrews', country: 'Scotland' });
    const state = serve(own, [shared]);
    const { user } = renderMyCourses();
    await screen.findByText('Sunset Dunes');
    expect(cardNames('Your Courses')).not.toContain('Old Tom Morris Links');

    await user.type(screen.getByRole('textbox', { name: 'Search courses' }), 'scotland');
    await waitFor(() => expect(cardNames('Your Courses')).toEqual(['Old Tom Morris Links']));
    expect(inRegion('Your Courses').getByRole('status', { hidden: true })).toHaveTextContent('Showing 1 of 1');
    expect(await screen.findByText('No community courses match your search.')).toBeInTheDocument();
    expect(state.ownRequests.at(-1)).toEqual({ q: 'scotland', limit: 50, offset: 0 });
    expect(state.communityRequests.at(-1)).toEqual({ q: 'scotland', limit: 50, offset: 0 });
  });

  it('deletes an own course after confirmation, with a Success toast and the list refreshed', async () => {
    const state = serve([lakeside, highland]);
    const { user } = renderMyCourses();
    await screen.findByRole('article', { name: 'Highland Park' });
    await user.click(screen.getByRole('button', { name: 'Delete Highland Park' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Course deleted successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Highland Park' })).not.toBeInTheDocument());
    expect(state.deletes).toEqual(['own-2']);
  });

  it('says "Failed to delete course" when the delete fails', async () => {
    serve([lakeside]);
    server.use(http.delete(apiUrl('courses/:id'), () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    const { user } = renderMyCourses();
    await screen.findByRole('article', { name: 'Lakeside Links' });
    await user.click(screen.getByRole('button', { name: 'Delete Lakeside Links' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete course')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Lakeside Links' })).toBeInTheDocument();
  });

  it('likes and favorites a community course at once, keeping the server’s answer', async () => {
    serve([], [shared]);
    const puts: string[] = [];
    server.use(
      http.put(apiUrl('courses/:id/like'), async ({ request, params }) => {
        puts.push(`like:${String(params.id)}:${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ...shared, likes: 1, myLike: true });
      }),
      http.put(apiUrl('courses/:id/favorite'), ({ params }) => {
        puts.push(`favorite:${String(params.id)}`);
        return HttpResponse.json({ ...shared, likes: 1, myLike: true, favorites: 1, isFavorite: true });
      }),
    );
    const { user } = renderMyCourses();
    const card = await screen.findByRole('article', { name: 'Sunset Dunes' });
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(within(card).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByLabelText('Likes')).toHaveTextContent('1');
    await user.click(within(card).getByRole('button', { name: 'Favorite' }));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(puts).toEqual(['like:pub-1:{"isLike":true}', 'favorite:pub-1']);
  });
});
