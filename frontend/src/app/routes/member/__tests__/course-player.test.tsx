import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import CoursePlayerPage from '@/app/routes/member/course-player';
import { buildCourse } from '@/features/courses/__tests__/course-factory';
import { CLUBS, getClub } from '@/features/courses/clubs';
import { coursePlayerReducer, initialCoursePlayerState } from '@/features/courses/course-player-machine';
import { saveRound } from '@/features/courses/round/round-storage';
import { buildUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, within } from '@/testing/test-utils';

const course = buildCourse({ id: 'c-42', name: 'Pebble Creek', city: 'Carmel', state: 'California', country: 'USA' });

function renderPlayer(id = 'c-42') {
  return renderWithProviders(<CoursePlayerPage />, {
    path: `/member/course-player/${id}`,
    routePath: '/member/course-player/:id',
  });
}

const shotTabs = () => screen.getAllByRole('tab').map((t) => t.textContent);
const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  localStorage.clear();
  server.use(
    // Before courses/:id: the member's bag (all 21 clubs here; the bag itself: bag-picker tests) and rounds.
    http.get(apiUrl('courses/bag'), () => HttpResponse.json({ clubIds: CLUBS.map((club) => club.id) })),
    http.get(apiUrl('courses/rounds'), () => HttpResponse.json([])),
    http.get(apiUrl('courses/:id'), ({ params }) =>
      params.id === course.id
        ? HttpResponse.json(course)
        : HttpResponse.json({ message: 'Course not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
});

// Heavy MUI pages in jsdom: allow for a busy machine.
describe('course player', () => {
  it('shows "Course not found" with a way back when the course is missing', async () => {
    const { user, location } = renderPlayer('nope');
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to My Courses' }));
    expect(location().pathname).toBe('/member/my-courses');
  });

  it('starts on hole 1 of 18 with the pars, one empty shot and Previous Hole disabled', async () => {
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Pebble Creek' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hole 1 / 18' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuenow',
      expect.stringMatching(/^5\.5|^6$/),
    );
    expect(screen.getByText('Course Par: 72')).toBeInTheDocument();
    expect(screen.getByText('Hole Par: 4')).toBeInTheDocument();
    expect(shotTabs()).toEqual(['Shot 1']);
    expect(screen.getByRole('button', { name: 'Previous Hole' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next Hole' })).toBeEnabled();
  });

  it('offers the 21 clubs with abbreviations; choosing one names the shot and plays its guide', async () => {
    const { user } = renderPlayer();
    await screen.findByRole('heading', { name: 'Hole 1 / 18' });
    const picker = screen.getByRole('group', { name: 'Choose a club' });
    expect(within(picker).getAllByRole('button')).toHaveLength(21);
    expect(within(picker).getByRole('button', { name: 'PW Pitching Wedge' })).toHaveTextContent('PW');

    await user.click(within(picker).getByRole('button', { name: 'DR Driver' }));
    expect(shotTabs()).toEqual(['Shot 1 (Driver)']);
    expect(within(picker).getByRole('button', { name: 'DR Driver' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('audio')).toHaveAttribute('src', '/media/clubs/driver.mp3');
    expect(screen.getByText(getClub('driver')!.guide)).toBeInTheDocument();
    // The choice starts the audio (after the player's 100 ms delay).
    expect(await screen.findByRole('button', { name: 'Pause Audio' })).toBeInTheDocument();
  });

  it('adds shots, each selected as it is added, and records clubs per shot', async () => {
    const { user } = renderPlayer();
    await screen.findByRole('heading', { name: 'Hole 1 / 18' });
    await user.click(screen.getByRole('button', { name: 'DR Driver' }));
    await user.click(screen.getByRole('button', { name: 'Add Shot' }));
    expect(selectedTab()).toBe('Shot 2');
    await user.click(screen.getByRole('button', { name: '7i 7 Iron' }));
    await user.click(screen.getByRole('button', { name: 'Add Shot' }));
    await user.click(screen.getByRole('button', { name: 'PT Putter' }));
    expect(shotTabs()).toEqual(['Shot 1 (Driver)', 'Shot 2 (7 Iron)', 'Shot 3 (Putter)']);
    await user.click(screen.getByRole('tab', { name: 'Shot 2 (7 Iron)' }));
    expect(document.querySelector('audio')).toHaveAttribute('src', '/media/clubs/7-iron.mp3');
  });

  it('moves between holes: a new hole starts with one empty shot, and selection resets to the first shot', async () => {
    const { user } = renderPlayer();
    await screen.findByRole('heading', { name: 'Hole 1 / 18' });
    await user.click(screen.getByRole('button', { name: 'DR Driver' }));
    await user.click(screen.getByRole('button', { name: 'Add Shot' }));
    await user.click(screen.getByRole('button', { name: 'Next Hole' }));
    expect(screen.getByRole('heading', { name: 'Hole 2 / 18' })).toBeInTheDocument();
    expect(screen.getByText('Hole Par: 4')).toBeInTheDocument();
    expect(shotTabs()).toEqual(['Shot 1']);
    await user.click(screen.getByRole('button', { name: 'Next Hole' }));
    expect(screen.getByText('Hole Par: 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous Hole' }));
    await user.click(screen.getByRole('button', { name: 'Previous Hole' }));
    expect(screen.getByRole('heading', { name: 'Hole 1 / 18' })).toBeInTheDocument();
    expect(shotTabs()).toEqual(['Shot 1 (Driver)', 'Shot 2']);
    expect(selectedTab()).toBe('Shot 1 (Driver)');
  });

  it('labels Next Hole "Finish" and disables it on hole 18; Restart returns to hole 1 with shots cleared', async () => {
    const { user } = renderPlayer();
    await screen.findByRole('heading', { name: 'Hole 1 / 18' });
    await user.click(screen.getByRole('button', { name: 'Add Shot' }));
    // 17 plain clicks (user-event's full pointer sequence is slow in jsdom).
    const next = screen.getByRole('button', { name: 'Next Hole' });
    for (let i = 0; i < 17; i++) fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'Hole 18 / 18' })).toBeInTheDocument();
    expect(screen.getByText('Hole Par: 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next Hole' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '100');

    await user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(screen.getByRole('heading', { name: 'Hole 1 / 18' })).toBeInTheDocument();
    expect(shotTabs()).toEqual(['Shot 1']);
    expect(screen.getByRole('button', { name: 'Previous Hole' })).toBeDisabled();
  });

  it('when a round left open for days is finished, then it is sent with a start the server accepts (at most 12 hours before its finish)', async () => {
    const posted: { startedAt: string; finishedAt: string }[] = [];
    server.use(
      http.post(apiUrl('courses/:id/rounds'), async ({ request }) => {
        posted.push((await request.json()) as { startedAt: string; finishedAt: string });
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    // Hole 1 scored, then the phone put away: the round resumes on hole 18 three days later.
    let player = coursePlayerReducer(initialCoursePlayerState(), { type: 'scoreHole', routine: 4 });
    for (let i = 0; i < 17; i++) player = coursePlayerReducer(player, { type: 'nextHole' });
    const startedAt = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    saveRound('ann', course.id, { roundId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', startedAt, player });
    const { user } = renderWithProviders(<CoursePlayerPage />, {
      path: `/member/course-player/${course.id}`,
      routePath: '/member/course-player/:id',
      viewer: buildUser({ id: 'ann' }),
    });
    expect(await screen.findByRole('heading', { name: 'Hole 18 / 18' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish round' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    const [{ startedAt: sentStart, finishedAt }] = posted as [{ startedAt: string; finishedAt: string }];
    expect(Date.parse(finishedAt) - Date.parse(sentStart)).toBe(12 * 3600_000);
    expect(Math.abs(Date.parse(finishedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('tells screen readers what changed (club, hole, restart, playing) in polite live regions, focus staying put', async () => {
    const { user } = renderPlayer();
    await screen.findByRole('heading', { name: 'Hole 1 / 18' });
    const region = () => screen.getAllByRole('status').find((r) => r.getAttribute('aria-live') === 'polite')!;
    expect(region()).toHaveAttribute('aria-atomic', 'true');
    expect(region()).toBeEmptyDOMElement();

    const driver = screen.getByRole('button', { name: 'DR Driver' });
    await user.click(driver);
    expect(region()).toHaveTextContent('Driver chosen for shot 1.');
    expect(driver).toHaveFocus();
    // The club's audio player says it plays (its own region), without taking focus either.
    const audioRegion = within(screen.getByTestId('audio-player')).getByRole('status');
    fireEvent.play(document.querySelector('audio')!);
    expect(audioRegion).toHaveTextContent('Playing');
    fireEvent.pause(document.querySelector('audio')!);
    expect(audioRegion).toHaveTextContent('Paused');
    expect(driver).toHaveFocus();

    const next = screen.getByRole('button', { name: 'Next Hole' });
    await user.click(next);
    expect(region()).toHaveTextContent('Hole 2 of 18, par 4.');
    expect(next).toHaveFocus();
    await user.click(next);
    expect(region()).toHaveTextContent('Hole 3 of 18, par 3.');

    await user.click(screen.getAllByRole('button', { name: 'Restart' }).at(-1)!);
    expect(region()).toHaveTextContent('Restarted. Hole 1 of 18, par 4.');
  });
});
