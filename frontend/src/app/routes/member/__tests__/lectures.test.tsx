import type { Lecture } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { appConfig } from '@/config/app-config';
import { freeUser, premiumUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitForAppReady, within } from '@/testing/test-utils';

const media = (n: number) => ({ videoUrl: `https://vimeo.com/10000${n}`, videoType: 'vimeo' });

function lectures(premium: boolean): Lecture[] {
  return [1, 2, 3, 4, 5].map((n): Lecture => {
    const lecture = {
      id: `lec-${n}`,
      number: n,
      title: `Lecture title ${n}`,
      description: `About lecture ${n}`,
      duration: '12 min',
      publishedAt: '2025-09-01T09:00:00.000Z',
    };
    return premium || n === 1 ? { ...lecture, locked: false, ...media(n) } : { ...lecture, locked: true };
  });
}

describe('/member/lectures', () => {
  it('shows a free member lecture 1 and the Unlock All Lectures card', async () => {
    server.use(http.get(apiUrl('member/lectures'), () => HttpResponse.json(lectures(false))));
    renderApp('/member/lectures', { viewer: freeUser() });
    await waitForAppReady();

    const first = await screen.findByRole('article', { name: 'Lecture title 1' });
    expect(within(first).getByTitle('Lecture title 1')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/100001?api=1',
    );
    expect(screen.getAllByRole('article')).toHaveLength(1);
    for (const n of [2, 3, 4, 5]) expect(screen.queryByText(`Lecture title ${n}`)).not.toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Unlock All Lectures' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '4 additional exclusive lectures',
      'All 12 member program sections',
      'Audio visualizations and drills',
      'SOS mental game emergencies',
      'Pre-round preparation materials',
    ]);
    expect(within(card).getByRole('link', { name: 'Upgrade to Premium - $19.99/month' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('gives a free member the Community forum link (the configured forum, in a new tab)', async () => {
    server.use(http.get(apiUrl('member/lectures'), () => HttpResponse.json(lectures(false))));
    renderApp('/member/lectures', { viewer: freeUser() });
    await waitForAppReady();
    await screen.findByRole('article', { name: 'Lecture title 1' });
    const link = screen.getByRole('link', { name: /^Community forum/ });
    expect(link).toHaveAttribute('href', appConfig.forumUrl);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('never renders Premium media for a free member, even if it were sent', async () => {
    const leaky = lectures(true); // a misbehaving server sending every video
    server.use(http.get(apiUrl('member/lectures'), () => HttpResponse.json(leaky)));
    renderApp('/member/lectures', { viewer: freeUser() });
    await waitForAppReady();
    await screen.findByRole('article', { name: 'Lecture title 1' });
    const frames = Array.from(document.querySelectorAll('iframe')).map((f) => f.getAttribute('src'));
    expect(frames).toEqual(['https://player.vimeo.com/video/100001?api=1']);
  });

  it('shows a Premium member all five lectures and no upgrade card', async () => {
    server.use(http.get(apiUrl('member/lectures'), () => HttpResponse.json(lectures(true))));
    renderApp('/member/lectures', { viewer: premiumUser() });
    await waitForAppReady();
    await screen.findByRole('article', { name: 'Lecture title 5' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Lecture title 1',
      'Lecture title 2',
      'Lecture title 3',
      'Lecture title 4',
      'Lecture title 5',
    ]);
    expect(document.querySelectorAll('iframe')).toHaveLength(5);
    expect(screen.queryByText('Unlock All Lectures')).not.toBeInTheDocument();
  });
});
