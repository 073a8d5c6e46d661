import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import CoursePlayerPage from '@/app/routes/member/course-player';
import { buildCourse } from '@/features/courses/__tests__/course-factory';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen } from '@/testing/test-utils';

const course = buildCourse({ id: '64b7f0c2a1b2c3d4e5f60718', name: 'Pebble Creek' });

beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get(apiUrl('courses/bag'), () => HttpResponse.json({ clubIds: ['driver', 'putter'] })),
    http.get(apiUrl('courses/rounds'), () => HttpResponse.json([])),
    http.get(apiUrl('courses/:id'), ({ params }) =>
      params.id === course.id
        ? HttpResponse.json(course)
        : HttpResponse.json({ message: 'Course not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
});

// A heavy MUI page in jsdom: allow for a busy machine.
describe('the pre-round card on the course page', () => {
  it("when a member opens a course, then 'Pre-round card (PDF)' opens that course's card in a new tab", async () => {
    renderWithProviders(<CoursePlayerPage />, {
      path: `/member/course-player/${course.id}`,
      routePath: '/member/course-player/:id',
    });
    await screen.findByRole('heading', { name: 'Pebble Creek' });
    const card = screen.getByRole('link', { name: 'Pre-round card (PDF)' });
    expect(card).toHaveAttribute('href', `/api/courses/${course.id}/card.pdf`);
    expect(card).toHaveAttribute('target', '_blank');
    expect(card).toHaveAttribute('rel', 'noopener');
  });

  it('when the course cannot be found, then there is no card to print', async () => {
    renderWithProviders(<CoursePlayerPage />, {
      path: '/member/course-player/64b7f0c2a1b2c3d4e5f60799',
      routePath: '/member/course-player/:id',
    });
    await screen.findByRole('heading', { name: 'Course not found' });
    expect(screen.queryByRole('link', { name: 'Pre-round card (PDF)' })).not.toBeInTheDocument();
  });
});
