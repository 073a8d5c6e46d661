import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { MyCourses } from '@/features/courses/components/my-courses';
import type { Course } from '@/features/courses/api/types';
import { buildCourse } from '@/features/courses/__tests__/course-factory';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

function serve(own: Course[], community: Course[] = []) {
  const state = { own: [...own], deletes: [] as string[] };
  server.use(
    http.get(apiUrl('courses'), () => HttpResponse.json(state.own)),
    http.get(apiUrl('courses/public'), () => HttpResponse.json(community)),
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
const cardNames = (sectionName: string) =>
  within(screen.getByRole('region', { name: sectionName }))
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

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

describe('my courses', { timeout: 40_000 }, () => {
  it('lists own courses with location, description, public icon, Total Par and a Visualize Course link', async () => {
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

  it('searches name, city, state and country, ignoring case, with the right empty messages', async () => {
    serve([lakeside, highland], [shared]);
    const { user } = renderMyCourses();
    await screen.findByRole('article', { name: 'Sunset Dunes' });
    const search = screen.getByRole('textbox', { name: 'Search courses' });

    await user.type(search, 'SCOT');
    expect(cardNames('Your Courses')).toEqual(['Highland Park']);
    expect(screen.getByText('No community courses match your search.')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'madison');
    expect(cardNames('Your Courses')).toEqual(['Lakeside Links']);

    await user.clear(search);
    await user.type(search, 'perth');
    expect(screen.getByText('No courses match your search.')).toBeInTheDocument();
    expect(cardNames('Community Courses')).toEqual(['Sunset Dunes']);

    await user.clear(search);
    await user.type(search, 'wisc');
    expect(cardNames('Your Courses')).toEqual(['Lakeside Links']);
  });

  it('invites a first course when the member has none', async () => {
    serve([]);
    renderMyCourses();
    expect(await screen.findByText("You haven't created any courses yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Course' })).toHaveAttribute(
      'href',
      '/member/course-builder',
    );
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
