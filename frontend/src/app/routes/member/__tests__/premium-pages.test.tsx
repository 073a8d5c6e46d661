import type { MemberPageSlug } from '@fm/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import AboutMePage from '@/app/routes/member/about-me';
import CrashCoursePage from '@/app/routes/member/crash-course';
import MemberFaqPage from '@/app/routes/member/faq';
import MoreTalksPage from '@/app/routes/member/more-talks';
import { getMemberPageApi } from '@/features/member/api/get-member-page';
import { browserNavigation } from '@/features/member/lib/browser-navigation';
import { premiumUser } from '@/testing/data';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import {
  guidedVisualizationsHandler,
  MEMBER_PAGES,
  memberPageHandler,
  premiumRequired,
  unauthenticated,
} from '@/testing/mocks/premium-content';
import { server } from '@/testing/mocks/server';
import {
  renderApp,
  renderWithProviders,
  screen,
  storeReaches,
  waitFor,
  waitForAppReady,
  within,
} from '@/testing/test-utils';

afterEach(() => vi.useRealTimers());

const PAGES: [MemberPageSlug, string, () => ReactElement][] = [
  ['crash-course', 'Start Here - Crash Course', () => <CrashCoursePage />],
  ['more-talks', 'More Talks/Motivation', () => <MoreTalksPage />],
  ['faq', 'FAQs', () => <MemberFaqPage />],
  ['about-me', 'About Me', () => <AboutMePage />],
];

describe('Premium member pages read their content from the content service', () => {
  it('when the crash course loads, then its video and intro, with the product name filled in', async () => {
    server.use(memberPageHandler('crash-course'));
    renderWithProviders(<CrashCoursePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Start Here - Crash Course' })).toBeInTheDocument();
    expect(screen.getByText('Your first 15 minutes in the mental game')).toBeInTheDocument();
    expect(await screen.findByTitle('Start Here - Crash Course')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/TestCrash01',
    );
    expect(screen.getByText('Welcome to Fairway Mind. Watch this first.')).toBeInTheDocument();
    expect(screen.getByText('Then start the Daily Drills.')).toBeInTheDocument();
  });

  it('when more-talks loads, then the talk Pressure is an Opportunity with its short video', async () => {
    server.use(memberPageHandler('more-talks'));
    renderWithProviders(<MoreTalksPage />);
    const talk = await screen.findByRole('article', { name: 'Pressure is an Opportunity' });
    expect(within(talk).getByRole('heading', { name: 'Pressure is an Opportunity' })).toBeInTheDocument();
    expect(within(talk).getByTitle('Pressure is an Opportunity')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/TestTalk001',
    );
    expect(within(talk).getByText('Turn first-tee nerves into focus.')).toBeInTheDocument();
  });

  it('when the member FAQ loads, then six single-open questions, with the product name filled in', async () => {
    server.use(memberPageHandler('faq'));
    const { user } = renderWithProviders(<MemberFaqPage />);
    const questions = await screen.findAllByRole('button');
    expect(questions.map((q) => q.textContent)).toEqual([
      'What is Fairway Mind?',
      'How do I get started?',
      "What's the difference between Free and Premium?",
      'How long until I see results?',
      'Can I use it on my phone?',
      'Do I need any special equipment?',
    ]);
    await user.click(questions[0]!);
    expect(screen.getByText('Fairway Mind is a mental game programme.')).toBeVisible();
    await user.click(questions[1]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
  });

  it("when the founder's biography loads, then name, initials, highlights and paragraphs, names filled in", async () => {
    server.use(memberPageHandler('about-me'));
    renderWithProviders(<AboutMePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Me' })).toBeInTheDocument();
    expect(await screen.findByText('Founder and head coach, Fairway Mind')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Coach Alex Reid' })).toBeInTheDocument();
    expect(screen.getByText('AR')).toBeInTheDocument();
    expect(screen.getByText('Former college golfer')).toBeInTheDocument();
    expect(screen.getByText('Ten years of coaching')).toBeInTheDocument();
    expect(screen.getByText("I'm Alex Reid, and I coach the mental game.")).toBeInTheDocument();
    expect(screen.getByText('Fairway Mind is ten minutes a day.')).toBeInTheDocument();
  });

  it.each(PAGES)(
    'when %s is loading, then its title and skeletons, and it asks for that page',
    async (slug, title, page) => {
      const requested: string[] = [];
      const gate = answerGate();
      server.use(
        http.get(apiUrl('member/pages/:slug'), async ({ params }) => {
          requested.push(String(params.slug));
          await gate.opened;
          return HttpResponse.json({ slug, ...MEMBER_PAGES[slug] });
        }),
      );
      renderWithProviders(page());
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect((await screen.findAllByTestId('content-skeleton')).length).toBeGreaterThan(0);
      expect(screen.getByLabelText('Loading content')).toHaveAttribute('aria-busy', 'true');
      gate.open();
      await waitFor(() => expect(screen.queryByTestId('content-skeleton')).not.toBeInTheDocument());
      expect(requested).toEqual([slug]);
    },
  );

  it('when the session has ended (401), then it toasts Unauthorized and goes to /api/login after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    server.use(memberPageHandler('crash-course', unauthenticated));
    const { store } = renderWithProviders(<CrashCoursePage />);

    const query = getMemberPageApi.endpoints.getMemberPage.select('crash-course');
    await act(() => storeReaches(store, (state) => query(state).isError));
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(499));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login');
    expect(screen.queryByTitle('Start Here - Crash Course')).not.toBeInTheDocument();
  });

  it('when a free member gets a 403, then the Unlock card offers Premium and nobody is logged out', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    server.use(memberPageHandler('faq', premiumRequired));
    renderWithProviders(<MemberFaqPage />);
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

describe('/guided-visualizations', () => {
  it('when a Premium member opens it, then the four guided items from the content service, each with play', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    server.use(guidedVisualizationsHandler());
    renderApp('/guided-visualizations', { viewer: premiumUser() });
    await waitForAppReady();
    expect(await screen.findByRole('heading', { level: 1, name: 'Guided Visualizations' })).toBeInTheDocument();
    for (const name of ['Three Foot Pressure Putt', 'Chip Under Pressure', 'Perfect Drive', 'Bunker Shot']) {
      const item = await screen.findByRole('article', { name });
      expect(within(item).getByRole('button', { name: `Play ${name}` })).toBeInTheDocument();
    }
    await waitFor(() => expect(screen.queryByTestId('content-skeleton')).not.toBeInTheDocument());
  });
});
