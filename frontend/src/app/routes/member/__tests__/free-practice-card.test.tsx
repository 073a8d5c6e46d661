import type { Lecture, PracticeStats, ResumeItem, TodayPlan } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import AccountPage from '@/app/routes/member/account';
import LecturesPage from '@/app/routes/member/lectures';
import { PRACTICE_CARD_LOADING_HEIGHT } from '@/features/practice/components/practice-card';
import { freeUser, premiumUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

/** A Free member's practice card (issue 47 §7): the account page's top and the lectures page. */

const plan: TodayPlan = {
  date: '2026-11-27',
  minutesDone: 3,
  goalMinutes: 10,
  items: [
    {
      itemId: 'l1',
      itemKind: 'lesson',
      sectionId: 'lessons',
      title: 'Sweet Spot Swings',
      contentType: 'video',
      minutes: 12,
      done: false,
    },
  ],
};
const stats: PracticeStats = { streak: 4, freezesLeft: 2, totalMinutes: 55, days: [] };
const resume: ResumeItem = {
  itemId: 'lec-1',
  itemKind: 'lecture',
  sectionId: 'lectures',
  title: 'The Mental Game in Ten Minutes a Day',
  positionSec: 95,
  playedSec: 95,
  durationSec: 1080,
  updatedAt: '2026-11-27T09:00:00.000Z',
};

const lectureOne: Lecture = {
  id: 'lec-1',
  number: 1,
  title: 'The Mental Game in Ten Minutes a Day',
  description: 'About lecture 1',
  duration: '18 min',
  publishedAt: '2025-09-01T09:00:00.000Z',
  locked: false,
  videoUrl: 'https://vimeo.com/100001',
  videoType: 'vimeo',
};

/** The practice service for a member with a plan, a streak and an item to continue; `today` may be held back. */
function servePractice(today: () => Promise<void> | void = () => undefined) {
  server.use(
    http.get(apiUrl('practice/today'), async () => {
      await today();
      return HttpResponse.json(plan);
    }),
    http.get(apiUrl('practice/stats'), () => HttpResponse.json(stats)),
    http.get(apiUrl('practice/resume'), () => HttpResponse.json(resume)),
    http.get(apiUrl('member/lectures'), () => HttpResponse.json([lectureOne])),
  );
}

/** The card shows today's plan, the streak and the item to continue, and its one upgrade call. */
async function expectPracticeCard() {
  const card = await screen.findByRole('region', { name: "Today's 10" });
  const parts = within(await within(card).findByRole('list', { name: "Today's plan" })).getAllByRole('listitem');
  expect(parts.map((p) => p.textContent)).toEqual(['Sweet Spot Swings (not done yet)Video · 12 min']);
  expect(within(parts[0]!).getByRole('link', { name: 'Sweet Spot Swings' })).toHaveAttribute('href', '/lesson/l1');
  expect(within(card).getByText('3 of 10 minutes today')).toBeInTheDocument();
  expect(within(card).getByTestId('practice-streak')).toHaveTextContent('4 days');
  expect(within(card).getByRole('heading', { level: 3, name: 'Continue where you left off' })).toBeInTheDocument();
  expect(within(card).getByText('(stopped at 1:35)')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'Continue: The Mental Game in Ten Minutes a Day' })).toHaveAttribute(
    'href',
    '/member/lectures?item=lec-1&t=95',
  );
  return card;
}

describe("a Free member's practice card", () => {
  it('tops the account page, above the profile, and its one upgrade call goes to /membership', async () => {
    servePractice();
    const { user, location } = renderWithProviders(<AccountPage />, {
      path: '/member/account',
      routePath: '/member/account',
      viewer: freeUser({ firstName: 'Jordan', lastName: 'Spieth' }),
    });
    const card = await expectPracticeCard();
    const profile = await screen.findByText('Jordan Spieth', { selector: 'dd' });
    expect(card.compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).getAllByRole('link', { name: /Premium/ })).toHaveLength(1);
    await user.click(within(card).getByRole('link', { name: 'Go Premium' }));
    expect(location().pathname).toBe('/membership');
  });

  it('is on the lectures page above the lectures', async () => {
    servePractice();
    renderWithProviders(<LecturesPage />, {
      path: '/member/lectures',
      routePath: '/member/lectures',
      viewer: freeUser(),
    });
    const card = await expectPracticeCard();
    const lecture = await screen.findByRole('article', { name: lectureOne.title });
    expect(card.compareDocumentPosition(lecture) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/membership');
  });

  it('keeps its space while today’s plan loads, then shows it in that space', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    servePractice(() => held);
    renderWithProviders(<AccountPage />, { path: '/member/account', routePath: '/member/account', viewer: freeUser() });
    const card = await screen.findByRole('region', { name: "Today's 10" });
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(getComputedStyle(within(card).getByTestId('practice-card-loading')).height).toBe(
      `${PRACTICE_CARD_LOADING_HEIGHT}px`,
    );
    // The upgrade call does not wait for the answers (it never moves).
    expect(within(card).getByRole('link', { name: 'Go Premium' })).toBeInTheDocument();
    release();
    await within(card).findByRole('list', { name: "Today's plan" });
    expect(card).not.toHaveAttribute('aria-busy');
    expect(within(card).queryByTestId('practice-card-loading')).not.toBeInTheDocument();
    const body = within(card).getByRole('list', { name: "Today's plan" }).parentElement!;
    expect(getComputedStyle(body).minHeight).toBe(`${PRACTICE_CARD_LOADING_HEIGHT}px`);
  });
});

describe("a Premium member's account page", () => {
  it('has no practice card (member home has it) and no upgrade call, as before', async () => {
    servePractice();
    server.use(
      http.get(apiUrl('billing/subscription'), () =>
        HttpResponse.json({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: '2026-03-05T12:00:00.000Z' }),
      ),
    );
    renderWithProviders(<AccountPage />, {
      path: '/member/account',
      routePath: '/member/account',
      viewer: premiumUser(),
    });
    expect(await screen.findByLabelText('Membership: Premium')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Billing history' })).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: "Today's 10" })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go Premium' })).not.toBeInTheDocument();
  });
});
