import type { CoachingAvailabilityView } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { AvailabilityPanel } from '@/features/admin/components/availability-panel';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, within } from '@/testing/test-utils';

const stored: CoachingAvailabilityView = {
  availability: {
    timeZone: 'Europe/Paris',
    weekly: [{ day: 2, start: '09:00', end: '12:00' }],
    overrides: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    minNoticeHours: 24,
    windowDays: 30,
    dailyCap: 3,
    sessionMinutes: 45,
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
  conflicts: [],
};

describe('the console’s coaching availability', () => {
  it('when the founder changes the notice and closes a Tuesday, then exactly that is sent and the booked session now outside is listed', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get(apiUrl('admin/coaching/availability'), () => HttpResponse.json(stored)),
      http.put(apiUrl('admin/coaching/availability'), async ({ request }) => {
        const body = (await request.json()) as CoachingAvailabilityView['availability'];
        puts.push(body);
        return HttpResponse.json({
          availability: { ...body, sessionMinutes: 45, updatedAt: '2026-11-29T18:00:00.000Z' },
          conflicts: [
            {
              bookingId: 'b1',
              memberName: 'Grace Hopper',
              start: '2026-12-08T09:00:00.000Z',
              end: '2026-12-08T09:45:00.000Z',
            },
          ],
        });
      }),
    );
    const { user } = renderWithProviders(<AvailabilityPanel />);
    const notice = await screen.findByLabelText('Minimum notice (hours)');
    expect(screen.getByLabelText('Your time zone')).toHaveValue('Europe/Paris');
    expect(screen.getByText('Sessions last 45 minutes (COACHING_SESSION_MINUTES).')).toBeInTheDocument();
    await user.clear(notice);
    await user.type(notice, '48');
    await user.click(screen.getByText('Add a date'));
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: '2026-12-08' } }); // a date picker's one change
    await user.click(screen.getByText('Save availability'));

    await screen.findByText('Availability saved');
    const list = await screen.findByRole('list', { name: 'Sessions outside your hours' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Grace Hopper: 8 Dec 2026, 10:00 (Europe/Paris)');
    expect(puts).toEqual([
      {
        timeZone: 'Europe/Paris',
        weekly: [{ day: 2, start: '09:00', end: '12:00' }],
        overrides: [{ date: '2026-12-08', closed: true }],
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 15,
        minNoticeHours: 48,
        windowDays: 30,
        dailyCap: 3,
      },
    ]);
  });

  it('when the server refuses a field, then its message shows at that field and above the button', async () => {
    server.use(
      http.get(apiUrl('admin/coaching/availability'), () => HttpResponse.json(stored)),
      http.put(apiUrl('admin/coaching/availability'), () =>
        HttpResponse.json(
          {
            message: 'end must be after start',
            code: 'VALIDATION_ERROR',
            errors: { 'weekly.0.end': 'end must be after start' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<AvailabilityPanel />);
    await user.click(await screen.findByText('Save availability'));
    expect(await screen.findByLabelText('To')).toHaveAccessibleDescription('end must be after start');
    expect(screen.getByRole('alert')).toHaveTextContent('end must be after start');
  });
});
