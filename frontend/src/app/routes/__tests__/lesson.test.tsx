import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import LessonPage, { KEY_TAKEAWAYS } from '@/app/routes/lesson';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { buildLesson } from '@/testing/data';
import { renderWithProviders, screen, userEvent } from '@/testing/test-utils';

const open = (id = 'l1') => renderWithProviders(<LessonPage />, { path: `/lesson/${id}`, routePath: '/lesson/:id' });

describe('/lesson/:id', () => {
  it('shows a skeleton while loading, then the video, title, duration, description and Key Takeaways', async () => {
    const gate = answerGate();
    server.use(
      http.get(apiUrl('lessons/l1'), async () => {
        await gate.opened;
        return HttpResponse.json(
          buildLesson({
            id: 'l1',
            title: 'Sweet Spot Swings',
            duration: '12 min',
            description: 'Find your rhythm.',
            videoUrl: 'https://youtu.be/abcDEF12345',
          }),
        );
      }),
    );
    open();
    expect(screen.getByTestId('lesson-skeleton')).toBeInTheDocument();
    gate.open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sweet Spot Swings' })).toBeInTheDocument();
    expect(screen.queryByTestId('lesson-skeleton')).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Play video: Sweet Spot Swings' }));
    expect(await screen.findByTitle('Sweet Spot Swings')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1',
    );
    expect(screen.getByText('12 min')).toBeInTheDocument();
    expect(screen.getByText('Find your rhythm.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key Takeaways' })).toBeInTheDocument();
    for (const text of KEY_TAKEAWAYS) expect(screen.getByText(text)).toBeInTheDocument();
    expect(KEY_TAKEAWAYS).toHaveLength(4);
  });

  it('uses a direct video address as it is', async () => {
    server.use(
      http.get(apiUrl('lessons/l1'), () =>
        HttpResponse.json(buildLesson({ id: 'l1', title: 'Direct', videoUrl: 'https://cdn.example.com/v.mp4' })),
      ),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Play video: Direct' }));
    expect(await screen.findByTitle('Direct')).toHaveAttribute('src', 'https://cdn.example.com/v.mp4');
  });

  it('says the lesson does not exist on a 404, with a link back to /lessons', async () => {
    server.use(
      http.get(apiUrl('lessons/nope'), () => HttpResponse.json({ message: 'Lesson not found' }, { status: 404 })),
    );
    open('nope');
    expect(await screen.findByRole('heading', { name: 'Lesson not found' })).toBeInTheDocument();
    expect(screen.getByText("This lesson doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Lessons' })).toHaveAttribute('href', '/lessons');
  });

  it('says it is unable to load the lesson on other failures', async () => {
    server.use(http.get(apiUrl('lessons/l1'), () => HttpResponse.text('oops', { status: 500 })));
    open();
    expect(await screen.findByRole('heading', { name: 'Lesson not found' })).toBeInTheDocument();
    expect(screen.getByText('Unable to load lesson. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Lessons' })).toHaveAttribute('href', '/lessons');
  });

  it('offers Premium when the lesson is locked (403)', async () => {
    server.use(
      http.get(apiUrl('lessons/l9'), () =>
        HttpResponse.json({ message: 'Premium required', code: 'PREMIUM_REQUIRED' }, { status: 403 }),
      ),
    );
    open('l9');
    expect(await screen.findByText('Unable to load lesson. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unlock with Premium' })).toHaveAttribute('href', '/membership');
  });
});
