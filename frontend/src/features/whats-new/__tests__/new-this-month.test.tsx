import type { WhatsNewItem } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { buildLesson, premiumUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, renderWithProviders, screen, waitForAppReady, within } from '@/testing/test-utils';
import { NewThisMonth } from '@/features/whats-new/components/new-this-month';
import { LessonCard } from '@/features/lessons/components/lesson-card';
import { isNew } from '@/lib/published';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const items = (): WhatsNewItem[] => [
  {
    kind: 'item',
    id: 'i1',
    title: 'The Ninety-Second Reset',
    sectionSlug: 'sos-drills',
    publishedAt: daysAgo(1),
    locked: true,
  },
  { kind: 'lesson', id: 'l9', title: 'Walking Tempo Between Shots', publishedAt: daysAgo(3), locked: false },
  { kind: 'lecture', id: 'lec5', title: 'Your Personal Mental Game Plan', publishedAt: daysAgo(12), locked: true },
];

const newThisMonth = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: 'New this month' });
  return heading.closest('section')!;
};

describe('"New" (published in the last 30 days)', () => {
  it('when an item was published 29 days ago it is new; 30 days ago, or not yet, it is not', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    expect(isNew('2026-10-29T12:00:01.000Z', now)).toBe(true);
    expect(isNew('2026-10-28T12:00:00.000Z', now)).toBe(false);
    expect(isNew('2026-11-28T12:00:00.000Z', now)).toBe(false);
    expect(isNew('not a date', now)).toBe(false);
  });

  it('when a lesson card shows a lesson added last week, then it carries a New badge; an older one does not', () => {
    renderWithProviders(
      <>
        <LessonCard lesson={buildLesson({ id: 'a', title: 'Fresh Lesson', publishedAt: daysAgo(7) })} />
        <LessonCard lesson={buildLesson({ id: 'b', title: 'Old Lesson', publishedAt: daysAgo(90) })} />
      </>,
    );
    const fresh = screen.getByRole('article', { name: 'Fresh Lesson' });
    expect(within(fresh).getByText('New')).toBeInTheDocument();
    // Screen readers hear when it was published.
    expect(within(fresh).getByText(/, published \d{1,2} \w{3} \d{4}/)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Old Lesson' })).queryByText('New')).not.toBeInTheDocument();
  });
});

describe('Member home: New this month', () => {
  it('when the list holds items the member cannot open, then they are listed newest first, locked with the way to Premium', async () => {
    server.use(http.get(apiUrl('member/whats-new'), () => HttpResponse.json(items())));
    renderWithProviders(<NewThisMonth />);
    const section = await newThisMonth();
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'The Ninety-Second Reset',
      'Walking Tempo Between Shots',
      'Your Personal Mental Game Plan',
    ]);
    for (const card of cards) expect(within(card).getByText('New')).toBeInTheDocument();

    const [locked, open] = cards as [HTMLElement, HTMLElement];
    expect(within(locked).getByText('Premium')).toBeInTheDocument();
    expect(within(locked).getByRole('link', { name: 'Unlock with Premium: The Ninety-Second Reset' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(within(locked).queryByRole('link', { name: 'The Ninety-Second Reset' })).not.toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Walking Tempo Between Shots' })).toHaveAttribute(
      'href',
      '/lesson/l9',
    );
    expect(within(open).queryByRole('link', { name: /Unlock/ })).not.toBeInTheDocument();
  });

  it('when a Premium member opens member home, then the title of a new section item opens the section page', async () => {
    server.use(
      http.get(apiUrl('member/whats-new'), () =>
        HttpResponse.json(items().map((item) => ({ ...item, locked: false }))),
      ),
    );
    renderApp('/member/home', { viewer: premiumUser() });
    await waitForAppReady();
    const section = await newThisMonth();
    expect(await within(section).findByRole('link', { name: 'The Ninety-Second Reset' })).toHaveAttribute(
      'href',
      '/member/sos-drills',
    );
    expect(within(section).getByRole('link', { name: 'Your Personal Mental Game Plan' })).toHaveAttribute(
      'href',
      '/member/lectures',
    );
    expect(within(section).queryByRole('link', { name: /Unlock/ })).not.toBeInTheDocument();
  });

  it('when nothing is new, then the list says so', async () => {
    renderWithProviders(<NewThisMonth />);
    const section = await newThisMonth();
    expect(await within(section).findByText(/Nothing new in the last 30 days yet/)).toBeInTheDocument();
  });
});
