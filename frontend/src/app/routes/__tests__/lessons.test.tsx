import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import LessonsPage from '@/app/routes/lessons';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { buildLesson, buildLockedLesson, freeUser } from '@/testing/data';
import { renderApp, renderWithProviders, screen, within } from '@/testing/test-utils';

describe('/lessons', () => {
  it('shows 6 skeletons while loading', async () => {
    const gate = answerGate();
    server.use(
      http.get(apiUrl('lessons'), async () => {
        await gate.opened;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<LessonsPage />);
    expect(screen.getAllByTestId('lesson-skeleton')).toHaveLength(6);
    gate.open();
    await screen.findByText('No lessons available yet. Check back soon!');
    expect(screen.queryByTestId('lesson-skeleton')).not.toBeInTheDocument();
  });

  it('shows the error text when lessons fail', async () => {
    server.use(http.get(apiUrl('lessons'), () => HttpResponse.text('boom', { status: 500 })));
    renderWithProviders(<LessonsPage />);
    expect(await screen.findByText('Unable to load lessons. Please try again later.')).toBeInTheDocument();
  });

  it('shows free lessons with FREE and Watch Now, locked ones with Unlock with Premium', async () => {
    server.use(
      http.get(apiUrl('lessons'), () =>
        HttpResponse.json([
          buildLockedLesson({
            id: 'l2',
            title: 'The Reset Breath',
            category: 'composure',
            duration: '9 min',
            order: 2,
          }),
          buildLesson({ id: 'l1', title: 'Sweet Spot Swings', category: 'confidence', duration: '12 min', order: 1 }),
        ]),
      ),
    );
    renderWithProviders(<LessonsPage />);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Sweet Spot Swings',
      'The Reset Breath',
    ]);

    const [free, locked] = cards as [HTMLElement, HTMLElement];
    expect(within(free).getByText('Confidence')).toBeInTheDocument();
    expect(within(free).getByText('FREE')).toBeInTheDocument();
    expect(within(free).getByText('12 min')).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Watch Now' })).toHaveAttribute('href', '/lesson/l1');

    expect(within(locked).getByText('Composure')).toBeInTheDocument();
    expect(within(locked).queryByText('FREE')).not.toBeInTheDocument();
    expect(within(locked).getByRole('link', { name: 'Unlock with Premium' })).toHaveAttribute('href', '/membership');
    expect(within(locked).queryByRole('link', { name: 'Watch Now' })).not.toBeInTheDocument();
  });

  it('lets a Premium member watch lessons the server did not lock', async () => {
    server.use(
      http.get(apiUrl('lessons'), () => HttpResponse.json([buildLesson({ id: 'p1', isFree: false, locked: false })])),
    );
    renderWithProviders(<LessonsPage />);
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toHaveAttribute('href', '/lesson/p1');
  });

  it('is shown to a logged-in member inside the member layout', async () => {
    server.use(http.get(apiUrl('member/*'), () => HttpResponse.json([])));
    renderApp('/lessons', { viewer: freeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mental game lessons' })).toBeInTheDocument();
    expect(screen.getByText('Member Area')).toBeInTheDocument();
  });
});
