import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { SlotPicker } from '@/features/coaching/components/slot-picker';
import { dateIn, detectedTimeZone } from '@/features/coaching/lib/time-zones';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, within } from '@/testing/test-utils';

/** The founder's 19:00 and 20:00 Paris slots of Tuesday 7 July 2026 (17:00Z, 18:00Z), and one on the 8th at 22:30Z. */
const slots = [
  { start: '2026-07-07T17:00:00.000Z', end: '2026-07-07T17:45:00.000Z' },
  { start: '2026-07-07T18:00:00.000Z', end: '2026-07-07T18:45:00.000Z' },
  { start: '2026-07-08T22:30:00.000Z', end: '2026-07-08T23:15:00.000Z' },
];

describe('the coaching checkout’s open times', () => {
  it('when a member in Athens looks, then the times are in their zone, named, grouped by their days, and the request asks for their days', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(apiUrl('coaching/slots'), ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ timeZone: 'Europe/Paris', slotMinutes: 45, slots });
      }),
    );
    renderWithProviders(<SlotPicker />);
    // Detected from the browser first (the test's zone), named on the page.
    const detected = detectedTimeZone();
    expect(await screen.findByText(detected, { selector: 'strong' })).toBeInTheDocument();
    expect((await screen.findAllByLabelText(/^Open times on /)).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Athens' } });
    expect(await screen.findByText('Europe/Athens', { selector: 'strong' })).toBeInTheDocument();
    const tuesday = await screen.findByLabelText(/^Open times on Tuesday, July 7/);
    // 19:00 Paris (CEST) is 20:00 in Athens (EEST); 22:30Z on the 8th is 01:30 on Thursday the 9th there.
    expect(
      within(tuesday)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['20:00', '21:00']);
    const thursday = screen.getByLabelText(/^Open times on Thursday, July 9/);
    expect(
      within(thursday)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['01:30']);

    const today = dateIn(new Date(), 'Europe/Athens');
    expect(asked.at(-1)).toEqual({
      from: today,
      to: dateIn(new Date(Date.now() + 13 * 86_400_000), 'Europe/Athens'),
      timeZone: 'Europe/Athens',
    });
    expect(asked[0]?.timeZone).toBe(detected);
  });

  it('when there are no open times, then the page says so and that paying still books by email', async () => {
    server.use(
      http.get(apiUrl('coaching/slots'), () =>
        HttpResponse.json({ timeZone: 'Europe/Paris', slotMinutes: 45, slots: [] }),
      ),
    );
    renderWithProviders(<SlotPicker />);
    expect(
      await screen.findByText("No open times in the next two weeks. Pay now and we'll find a time with you by email."),
    ).toBeInTheDocument();
  });
});
