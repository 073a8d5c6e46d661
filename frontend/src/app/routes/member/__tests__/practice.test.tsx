import type { ItemProgress, MemberContent, MemberSection, PracticeStats, TodayPlan } from '@fm/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import SectionPage from '@/app/routes/member/section';
import MemberHomePage from '@/app/routes/member/member-home';
import { HEARTBEAT_INTERVAL_MS } from '@/features/practice/lib/heartbeat-tracker';
import type { Heartbeat } from '@/features/practice/types';
import { premiumUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { blobText } from '@/testing/blob-text';

const section: MemberSection = {
  id: 'sec-7',
  name: 'Daily Drills',
  slug: 'daily-drills',
  description: null,
  order: 1,
  hasPage: true,
};

function item(overrides: Partial<MemberContent> & { id: string; title: string }): MemberContent {
  return {
    sectionId: section.id,
    description: null,
    contentType: 'text',
    videoUrl: null,
    videoType: null,
    audioUrl: null,
    textContent: 'Read me',
    duration: '3 min',
    order: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const CONTENT = [
  item({ id: 'c-audio', title: 'Calm breath', contentType: 'audio', audioUrl: '/media/calm.mp3', textContent: null }),
  item({ id: 'c-read', title: 'Pre-shot notes', order: 2 }),
  item({ id: 'c-done', title: 'Focus cue', order: 3 }),
];

const progressRow = (itemId: string, completedAt: string | null, positionSec = 0): ItemProgress => ({
  itemId,
  itemKind: 'content',
  sectionId: section.id,
  positionSec,
  playedSec: positionSec,
  completedAt,
  updatedAt: '2026-11-27T09:00:00.000Z',
});

/** The section's API and a practice service holding `progress`; records beats, opens and reads. */
function serveSection(progress: ItemProgress[]) {
  const beats: Heartbeat[] = [];
  const reads: unknown[] = [];
  const opens: unknown[] = [];
  const progressAsks: string[] = [];
  server.use(
    http.get(apiUrl('member/sections/:slug'), () => HttpResponse.json(section)),
    http.get(apiUrl('member/content/:id'), () => HttpResponse.json(CONTENT)),
    http.get(apiUrl('practice/progress'), ({ request }) => {
      progressAsks.push(new URL(request.url).searchParams.get('sectionId') ?? '');
      return HttpResponse.json(progress);
    }),
    http.post(apiUrl('practice/heartbeats'), async ({ request }) => {
      beats.push((await request.json()) as Heartbeat);
      return HttpResponse.json({ creditedSec: 0 });
    }),
    http.post(apiUrl('practice/opens'), async ({ request }) => {
      opens.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('practice/reads'), async ({ request }) => {
      const body = (await request.json()) as { itemId: string };
      reads.push(body);
      progress.push(progressRow(body.itemId, '2026-11-27T10:00:00.000Z'));
      return HttpResponse.json(progress.at(-1));
    }),
  );
  return { beats, reads, opens, progressAsks };
}

const renderSection = (path = '/member/daily-drills') =>
  renderWithProviders(<SectionPage slug="daily-drills" />, { path, routePath: '/member/daily-drills' });

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a section page with practice progress', () => {
  it('ticks the completed items and says "1 of 3 done", asking for this section’s progress', async () => {
    const { progressAsks } = serveSection([
      progressRow('c-done', '2026-11-26T10:00:00.000Z'),
      progressRow('c-audio', null, 40),
    ]);
    renderSection();
    expect(await screen.findByText('1 of 3 done')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Focus cue' })).getByText('Done')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Calm breath' })).queryByText('Done')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Pre-shot notes' })).queryByText('Done')).not.toBeInTheDocument();
    expect(progressAsks).toEqual([section.id]);
  });

  it('"Mark as read" completes a text item: it gets its tick and the count goes up', async () => {
    const { reads, opens } = serveSection([]);
    const { user } = renderSection();
    const article = await screen.findByRole('article', { name: 'Pre-shot notes' });
    // Shown on the page, the text item is open: its read may credit the time from then on.
    await waitFor(() => expect(opens).toContainEqual({ itemId: 'c-read', itemKind: 'content' }));
    expect(await screen.findByText('0 of 3 done')).toBeInTheDocument();
    // Audio items have no such control: they count by listening.
    expect(
      within(screen.getByRole('article', { name: 'Calm breath' })).queryByRole('button', { name: /Mark as read/ }),
    ).toBeNull();
    await user.click(within(article).getByRole('button', { name: 'Mark as read: Pre-shot notes' }));
    expect(await within(article).findByText('Done')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 done')).toBeInTheDocument();
    expect(reads).toEqual([{ itemId: 'c-read', itemKind: 'content' }]);
    expect(within(article).queryByRole('button', { name: /Mark as read/ })).toBeNull();
  });

  it('continue where you left off: ?item=&t= starts that item’s player at the position', async () => {
    serveSection([progressRow('c-audio', null, 70)]);
    renderSection('/member/daily-drills?item=c-audio&t=70');
    const article = await screen.findByRole('article', { name: 'Calm breath' });
    const audio = article.querySelector('audio')!;
    Object.defineProperty(audio, 'duration', { configurable: true, value: 180 });
    Object.defineProperty(audio, 'readyState', { configurable: true, value: 1 });
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(70);
    expect(within(article).getByLabelText('Current time')).toHaveTextContent('1:10');
  });

  it('the audio player beats while it plays (every 15 s, one session, numbered) and not while paused', async () => {
    const { beats } = serveSection([]);
    renderSection();
    const article = await screen.findByRole('article', { name: 'Calm breath' });
    const audio = article.querySelector('audio')!;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.play(audio);
    audio.currentTime = 30;
    fireEvent.timeUpdate(audio);
    act(() => vi.advanceTimersByTime(2 * HEARTBEAT_INTERVAL_MS));
    audio.currentTime = 31;
    fireEvent.pause(audio);
    act(() => vi.advanceTimersByTime(4 * HEARTBEAT_INTERVAL_MS));
    vi.useRealTimers();
    await waitFor(() => expect(beats).toHaveLength(4));
    expect(beats.map((b) => [b.seq, b.playedSec, b.positionSec])).toEqual([
      [0, 0, 0],
      [1, 15, 30],
      [2, 30, 30],
      [3, 30, 31],
    ]);
    expect(new Set(beats.map((b) => b.sessionId)).size).toBe(1);
    expect(beats[0]).toMatchObject({ itemId: 'c-audio', itemKind: 'content' });
  });

  it('muting the player at zero volume stops the beats', async () => {
    const { beats } = serveSection([]);
    renderSection();
    const article = await screen.findByRole('article', { name: 'Calm breath' });
    const audio = article.querySelector('audio')!;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.play(audio);
    act(() => vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS));
    audio.volume = 0;
    fireEvent.volumeChange(audio);
    act(() => vi.advanceTimersByTime(4 * HEARTBEAT_INTERVAL_MS));
    vi.useRealTimers();
    await waitFor(() => expect(beats).toHaveLength(3));
    expect(beats.map((b) => b.playedSec)).toEqual([0, 15, 15]);
  });

  it('a failing practice service never stops playback', async () => {
    serveSection([]);
    server.use(http.post(apiUrl('practice/heartbeats'), () => HttpResponse.error()));
    const { user } = renderSection();
    const article = await screen.findByRole('article', { name: 'Calm breath' });
    await user.click(within(article).getByRole('button', { name: 'Play Audio' }));
    fireEvent.play(article.querySelector('audio')!);
    expect(await within(article).findByRole('button', { name: 'Pause Audio' })).toBeInTheDocument();
  });

  it('when the page is hidden, the time played so far goes with sendBeacon', async () => {
    serveSection([]);
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    renderSection();
    const article = await screen.findByRole('article', { name: 'Calm breath' });
    const audio = article.querySelector('audio')!;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.play(audio);
    act(() => vi.advanceTimersByTime(9_000));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(new URL(url).pathname).toBe('/api/practice/heartbeats');
    const text = await blobText(body as Blob);
    expect(JSON.parse(text)).toMatchObject({ itemId: 'c-audio', seq: 1, playedSec: 9 });
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });
});

const plan: TodayPlan = {
  date: '2026-11-27',
  minutesDone: 4,
  goalMinutes: 10,
  items: [
    {
      itemId: 'c-audio',
      itemKind: 'content',
      sectionId: 'sec-7',
      title: 'Calm breath',
      contentType: 'audio',
      minutes: 3,
      done: true,
    },
    {
      itemId: 'lec-2',
      itemKind: 'lecture',
      sectionId: 'lectures',
      title: 'Pressure',
      contentType: 'video',
      minutes: 6,
      done: false,
    },
  ],
};

function stats(): PracticeStats {
  const days = Array.from({ length: 84 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 8, 4 + i)).toISOString().slice(0, 10);
    return { date, minutes: i % 3 === 0 ? 12 : 0, counted: i % 3 === 0, frozen: i === 82 };
  });
  return { streak: 3, freezesLeft: 1, totalMinutes: 342.6, days };
}

describe('member home’s practice', () => {
  function serveHome() {
    server.use(
      http.get(apiUrl('member/sections'), () => HttpResponse.json([section])),
      http.get(apiUrl('practice/today'), () => HttpResponse.json(plan)),
      http.get(apiUrl('practice/stats'), () => HttpResponse.json(stats())),
      http.get(apiUrl('practice/resume'), () =>
        HttpResponse.json({
          itemId: 'c-audio',
          itemKind: 'content',
          sectionId: 'sec-7',
          title: 'Calm breath',
          positionSec: 70,
          playedSec: 70,
          durationSec: 180,
          updatedAt: '2026-11-27T09:00:00.000Z',
        }),
      ),
    );
  }

  it('offers to continue the last item at its position', async () => {
    serveHome();
    renderWithProviders(<MemberHomePage />, { path: '/member/home', viewer: premiumUser() });
    const card = await screen.findByRole('region', { name: 'Continue where you left off' });
    expect(within(card).getByText('(stopped at 1:10)')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByRole('link', { name: 'Continue: Calm breath' })).toHaveAttribute(
        'href',
        '/member/daily-drills?item=c-audio&t=70',
      ),
    );
  });

  it('shows Today’s 10 with ticks on done parts and the minutes done of 10', async () => {
    serveHome();
    renderWithProviders(<MemberHomePage />, { path: '/member/home', viewer: premiumUser() });
    const today = await screen.findByRole('region', { name: 'Today’s 10'.replace('’', "'") });
    expect(await within(today).findByText('4 of 10 minutes today')).toBeInTheDocument();
    const parts = within(within(today).getByRole('list', { name: "Today's plan" })).getAllByRole('listitem');
    expect(parts.map((p) => p.textContent)).toEqual([
      'Calm breathDoneAudio · 3 min',
      'Pressure (not done yet)Video · 6 min',
    ]);
    expect(within(parts[1]!).getByRole('link', { name: 'Pressure' })).toHaveAttribute(
      'href',
      '/member/lectures?item=lec-2',
    );
  });

  it('the reminder mail’s link (/member/home#today) brings Today’s 10 into view once it is loaded', async () => {
    serveHome();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    try {
      renderWithProviders(<MemberHomePage />, { path: '/member/home#today', viewer: premiumUser() });
      const today = await screen.findByRole('region', { name: "Today's 10" });
      await within(today).findByText('4 of 10 minutes today');
      await waitFor(() => expect(scrolled).toContain(today));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('shows the streak, total minutes, the freezes in plain words and a 12-week calendar with a text alternative', async () => {
    serveHome();
    renderWithProviders(<MemberHomePage />, { path: '/member/home', viewer: premiumUser() });
    const practice = await screen.findByRole('region', { name: 'Your practice' });
    expect(await within(practice).findByTestId('practice-streak')).toHaveTextContent('3 days');
    expect(within(practice).getByTestId('practice-total')).toHaveTextContent('342 minutes');
    expect(within(practice).getByTestId('practice-freezes')).toHaveTextContent(
      '2 freezes a month save a missed day automatically; 1 left this month.',
    );
    expect(within(practice).getByTestId('calendar-summary')).toHaveTextContent(
      'Practised 10+ minutes on 28 of the last 84 days; 1 day saved by a freeze.',
    );
    const calendar = within(practice).getByRole('table', { name: /Practice calendar, last 12 weeks/ });
    expect(within(calendar).getAllByRole('row')).toHaveLength(7);
    // 2026-09-04 is a Friday: its row, its words (not colour alone).
    expect(within(calendar).getByText('Fri 4 Sept: 12 min, practised')).toBeInTheDocument();
    expect(within(calendar).getByText('Sat 5 Sept: no practice')).toBeInTheDocument();
    expect(within(calendar).getByText('Wed 25 Nov: saved by a freeze')).toBeInTheDocument();
  });
});
