import type { MemberContent } from '@fm/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import SectionPage from '@/app/routes/member/section';
import { getSectionContentApi } from '@/features/member/api/get-section-content';
import { browserNavigation } from '@/features/member/lib/browser-navigation';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, storeReaches, within } from '@/testing/test-utils';

const section = { id: 'sec-7', name: 'Daily Drills', slug: 'daily-drills', description: null, order: 4, hasPage: true };

function item(overrides: Partial<MemberContent>): MemberContent {
  return {
    id: `c-${Math.random().toString(36).slice(2)}`,
    sectionId: section.id,
    title: 'Item',
    description: null,
    contentType: 'text',
    videoUrl: null,
    videoType: null,
    audioUrl: null,
    textContent: null,
    duration: null,
    order: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function serve(content: MemberContent[] | (() => Response | Promise<Response>)) {
  const requests: string[] = [];
  server.use(
    http.get(apiUrl('member/sections/:slug'), ({ params }) => {
      requests.push(`section:${String(params.slug)}`);
      return HttpResponse.json(section);
    }),
    http.get(apiUrl('member/content/:id'), ({ params }) => {
      requests.push(`content:${String(params.id)}`);
      return typeof content === 'function' ? content() : HttpResponse.json(content);
    }),
  );
  return requests;
}

const renderSection = () => renderWithProviders(<SectionPage slug="daily-drills" />, { path: '/member/daily-drills' });

afterEach(() => vi.useRealTimers());

describe('member section page', () => {
  it("shows its title (the catalogue's name) and subtitle, reads the section once, then its content", async () => {
    const requests = serve([item({ title: 'Breathing box', textContent: 'In for four.' })]);
    renderSection();
    expect(screen.getByText('Daily practice routines and visualizations')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Drills' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Breathing box' })).toBeInTheDocument();
    expect(requests).toEqual(['section:daily-drills', 'content:sec-7']);
  });

  it('when the catalogue renames the section, then the page title follows it', async () => {
    server.use(
      http.get(apiUrl('member/sections/:slug'), () => HttpResponse.json({ ...section, name: 'Daily Reps' })),
      http.get(apiUrl('member/content/:id'), () => HttpResponse.json([])),
    );
    renderSection();
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Reps' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Daily Drills' })).not.toBeInTheDocument();
  });

  it('shows 3 skeletons while loading', async () => {
    const gate = answerGate();
    serve(async () => {
      await gate.opened;
      return HttpResponse.json([]);
    });
    renderSection();
    expect(await screen.findAllByTestId('content-skeleton')).toHaveLength(3);
    gate.open();
    expect(await screen.findByText('No content available yet. Check back soon!')).toBeInTheDocument();
    expect(screen.queryByTestId('content-skeleton')).not.toBeInTheDocument();
  });

  it('renders text line by line, with **bold** and external http(s) links', async () => {
    serve([
      item({
        title: 'The reset routine',
        textContent:
          'Step one: **breathe out slowly**\nStep two: read https://example.com/reset for more\n\nplain ftp://not-a-link',
      }),
    ]);
    renderSection();
    const article = await screen.findByRole('article', { name: 'The reset routine' });
    const paragraphs = article.querySelectorAll('p');
    const lines = Array.from(paragraphs).map((p) => p.textContent);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Step one: breathe out slowly',
        'Step two: read https://example.com/reset for more',
        'plain ftp://not-a-link',
      ]),
    );
    expect(within(article).getByText('breathe out slowly').tagName).toBe('STRONG');
    expect(within(article).queryByText(/\*\*/)).not.toBeInTheDocument();
    const link = within(article).getByRole('link', { name: 'https://example.com/reset' });
    expect(link).toHaveAttribute('href', 'https://example.com/reset');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(article).getAllByRole('link')).toHaveLength(1);
  });

  it('shows each content type its own way: video embed, audio player, text', async () => {
    serve([
      item({
        title: 'Tempo talk',
        contentType: 'video',
        videoUrl: 'https://youtu.be/abc123XYZ',
        duration: '8 min',
        order: 1,
      }),
      item({ title: 'Calm breath', contentType: 'audio', audioUrl: '/media/content/calm.mp3', order: 2 }),
      item({ title: 'Notes', contentType: 'text', textContent: 'Read me', order: 3 }),
    ]);
    renderSection();
    const video = await screen.findByRole('article', { name: 'Tempo talk' });
    // The player's iframe API is on (practice tracking follows it), for this page's origin only.
    expect(within(video).getByTitle('Tempo talk')).toHaveAttribute(
      'src',
      `https://www.youtube.com/embed/abc123XYZ?enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}`,
    );
    expect(within(video).getByText('8 min')).toBeInTheDocument();

    const audio = screen.getByRole('article', { name: 'Calm breath' });
    expect(within(audio).getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    expect(audio.querySelector('audio')).toHaveAttribute('src', '/media/content/calm.mp3');
    expect(audio.querySelector('iframe')).toBeNull();

    const text = screen.getByRole('article', { name: 'Notes' });
    expect(within(text).getByText('Read me')).toBeInTheDocument();
    expect(text.querySelector('iframe, audio')).toBeNull();

    // In their order.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Tempo talk',
      'Calm breath',
      'Notes',
    ]);
  });

  it('says so when the section has no content yet', async () => {
    serve([]);
    renderSection();
    expect(await screen.findByText('No content available yet. Check back soon!')).toBeInTheDocument();
  });

  it('when the content fails to load, then it toasts Unauthorized and goes to /api/login after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    serve(() => HttpResponse.json({ message: 'Not logged in', code: 'UNAUTHENTICATED' }, { status: 401 }));
    const { store } = renderSection();

    // Wait on the failed request itself (the store), not on timers: setTimeout is fake here.
    const contentQuery = getSectionContentApi.endpoints.getSectionContent.select(section.id);
    await act(() => storeReaches(store, (state) => contentQuery(state).isError));
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(499));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('when a free member opens a Premium section (403), then the Unlock card offers Premium and nobody is logged out', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    server.use(
      http.get(apiUrl('member/sections/:slug'), () =>
        HttpResponse.json(
          { message: 'This content is part of Premium membership.', code: 'PREMIUM_REQUIRED' },
          { status: 403 },
        ),
      ),
    );
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Unlock All Lectures' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium - $19.99/month' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(assign).not.toHaveBeenCalled();
  });
});
