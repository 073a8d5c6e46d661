import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerGate, apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { buildTestimonial } from '@/testing/data';
import { renderApp, screen, userEvent, waitFor, within } from '@/testing/test-utils';

async function openHome() {
  const utils = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: /Play with confidence/ });
  return utils;
}

describe('home page', () => {
  it('has the hero buttons, three benefit cards, the free lesson and the questions block', async () => {
    await openHome();
    const hero = screen.getByRole('region', { name: /Play with confidence/ });
    expect(within(hero).getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/signup');
    expect(within(hero).getByRole('link', { name: 'Learn More about us' })).toHaveAttribute('href', '/about');
    for (const title of ['Gain Confidence', 'Gain Composure', 'Gain Concentration']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Lesson 1: Sweet Spot Swings' })).toBeInTheDocument();
    // The catalogue's free lesson (msw default: youtube watch?v=abc123XYZ00): a poster with a play
    // button and no player (no third-party request) until the visitor presses play.
    const play = await screen.findByRole('button', { name: 'Play video: Lesson 1: Sweet Spot Swings' });
    expect(document.querySelector('iframe')).toBeNull();
    await userEvent.click(play);
    expect(await screen.findByTitle('Lesson 1: Sweet Spot Swings')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abc123XYZ00?autoplay=1',
    );
    const questions = screen.getByRole('region', { name: 'Have questions?' });
    expect(within(questions).getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/login');
    expect(within(questions).getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact');
    const cta = screen.getByRole('region', { name: /Your best round/ });
    expect(within(cta).getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/signup');
  });

  it('shows 3 skeletons while testimonials load, then the testimonials with initials', async () => {
    const gate = answerGate();
    server.use(
      http.get(apiUrl('testimonials'), async () => {
        await gate.opened;
        return HttpResponse.json([
          buildTestimonial({ id: 'a', name: 'Mark Thompson', quote: 'Four shots better in a month.' }),
          buildTestimonial({ id: 'b', name: 'Sarah Kim', quote: 'Calm on the first tee at last.', avatarUrl: null }),
        ]);
      }),
    );
    await openHome();
    expect(screen.getAllByTestId('testimonial-skeleton')).toHaveLength(3);
    gate.open();
    expect(await screen.findByText('Four shots better in a month.')).toBeInTheDocument();
    expect(screen.queryByTestId('testimonial-skeleton')).not.toBeInTheDocument();
    expect(screen.getByText('MT')).toBeInTheDocument();
    expect(screen.getByText('Sarah Kim')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: /Golfers who found/ });
    expect(within(section).getByRole('link', { name: /Read our story/ })).toHaveAttribute('href', '/about');
  });

  it('shows the error text when testimonials fail', async () => {
    server.use(http.get(apiUrl('testimonials'), () => HttpResponse.text('down', { status: 500 })));
    await openHome();
    expect(await screen.findByText('Unable to load testimonials. Please try again later.')).toBeInTheDocument();
  });

  it('says so when there are no testimonials yet', async () => {
    server.use(http.get(apiUrl('testimonials'), () => HttpResponse.json([])));
    await openHome();
    expect(await screen.findByText('Stories from our golfers are on their way.')).toBeInTheDocument();
  });

  it('names the product of the site config in the document title', async () => {
    server.use(siteConfigHandler({ productName: 'Green Mind' }));
    await openHome();
    await waitFor(() => expect(document.title).toContain('Green Mind'));
  });
});
