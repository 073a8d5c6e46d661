import type { MemberWorksheet } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import SectionPage from '@/app/routes/member/section';
import { formatBytes, WorksheetList } from '@/features/member/components/worksheets';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser, premiumUser } from '@/testing/data';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

const worksheet = (slug: string, sectionSlug: string, title: string, bytes = 20_480): MemberWorksheet => ({
  slug,
  sectionSlug,
  title,
  url: `/media/worksheets/${slug}.pdf`,
  bytes,
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const WORKSHEETS = [
  worksheet('daily-drills-ten-minute-log', 'daily-drills', 'Your 10-Minute Daily Routine: One-Week Log', 22_884),
  worksheet('sos-drills-reset-card', 'sos-drills', 'The 60-Second Reset Card', 19_970),
];

/** Serves the list and counts how often it was asked for. */
function serveWorksheets(list: MemberWorksheet[] = WORKSHEETS) {
  const asked = { count: 0 };
  server.use(
    http.get(apiUrl('member/worksheets'), () => {
      asked.count += 1;
      return HttpResponse.json(list);
    }),
    http.get(apiUrl('member/sections/:slug'), ({ params }) =>
      HttpResponse.json({
        id: 'sec-1',
        name: 'Daily Drills',
        slug: String(params.slug),
        description: null,
        order: 1,
        hasPage: true,
      }),
    ),
    http.get(apiUrl('member/content/:id'), () => HttpResponse.json([])),
  );
  return asked;
}

describe('worksheets', () => {
  it('when a Premium member opens a section page, then its worksheet downloads as the PDF the list names', async () => {
    serveWorksheets();
    renderWithProviders(<SectionPage slug="daily-drills" />, { viewer: premiumUser() });
    const download = await screen.findByRole('link', { name: /^Download worksheet: Your 10-Minute Daily Routine/ });
    expect(download).toHaveAttribute('href', '/media/worksheets/daily-drills-ten-minute-log.pdf');
    expect(download).toHaveAttribute('download', 'daily-drills-ten-minute-log.pdf');
    expect(download).toHaveAccessibleName(
      'Download worksheet: Your 10-Minute Daily Routine: One-Week Log (PDF, 22 KB)',
    );
    // Only this section's worksheet.
    expect(screen.queryByRole('link', { name: /60-Second Reset Card/ })).not.toBeInTheDocument();
  });

  it('when a free member sees the download, then it is locked, leads to the upgrade and asks the server for nothing', async () => {
    const asked = serveWorksheets();
    renderWithProviders(<WorksheetList premium={false} />, { viewer: freeUser() });
    const locked = await screen.findByRole('link', { name: /Premium only\. Upgrade to Premium/ });
    expect(locked).toHaveAttribute('href', '/checkout');
    await waitFor(() =>
      expect(screen.getByText(/Printable worksheets are part of Premium \(\$19\.99\/month\)/)).toBeVisible(),
    );
    expect(screen.queryByRole('link', { name: /^Download:/ })).not.toBeInTheDocument();
    expect(asked.count).toBe(0);
  });

  it('when a Premium member opens member home, then every worksheet is listed with its size and download', async () => {
    serveWorksheets();
    renderWithProviders(<WorksheetList premium />, { viewer: premiumUser() });
    const section = screen.getByRole('region', { name: 'Printable worksheets' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Your 10-Minute Daily Routine: One-Week LogPDF, 22 KB'),
      expect.stringContaining('The 60-Second Reset CardPDF, 20 KB'),
    ]);
    expect(within(items[1]!).getByRole('link', { name: /^Download: The 60-Second Reset Card/ })).toHaveAttribute(
      'href',
      '/media/worksheets/sos-drills-reset-card.pdf',
    );
  });

  it('when sizes are shown, then they read as bytes, KB or MB', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(19_970)).toBe('20 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
