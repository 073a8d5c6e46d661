import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MyContactMessage } from '@fm/contracts';
import { freeUser } from '@/testing/data';
import { serveAccount } from '@/testing/mocks/account-handlers';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitForAppReady, within } from '@/testing/test-utils';

const message = (o: Partial<MyContactMessage> = {}): MyContactMessage => ({
  id: 'm1',
  message: 'How do I stop rushing my putts?',
  createdAt: '2026-03-01T09:00:00.000Z',
  level: 'free',
  dueAt: '2026-03-04T09:00:00.000Z',
  repliedAt: null,
  replies: [],
  ...o,
});

async function openAccount() {
  renderApp('/member/account');
  await waitForAppReady();
  await screen.findByRole('heading', { level: 1, name: 'Your Account' });
  return screen.getByRole('region', { name: 'Your messages' });
}

describe('/member/account: "Your messages"', () => {
  it('when the founder answered, then the member reads the reply under their message; an open one says when the answer is due', async () => {
    serveAccount({ user: freeUser() });
    server.use(
      http.get(apiUrl('contact/mine'), () =>
        HttpResponse.json({
          items: [
            message({ id: 'm2', message: 'And my driver?' }),
            message({
              repliedAt: '2026-03-02T10:00:00.000Z',
              replies: [
                { id: 'r1', text: 'Count two beats back, two through.', createdAt: '2026-03-02T10:00:00.000Z' },
              ],
            }),
          ],
        }),
      ),
    );
    const section = await openAccount();
    expect(await within(section).findByText('Count two beats back, two through.')).toBeInTheDocument();
    expect(within(section).getByText(/^Reply from Coach Alex Reid/)).toBeInTheDocument();
    expect(within(section).getByText('Answered')).toBeInTheDocument();
    expect(within(section).getByText(/^We answer by Mar 4, 2026/)).toBeInTheDocument();
    expect(
      within(section).getByText('Premium members hear back within 24 hours, Free members within 48-72 hours.'),
    ).toBeInTheDocument();
    const texts = within(section)
      .getAllByText(/And my driver\?|How do I stop rushing my putts\?/)
      .map((el) => el.textContent);
    expect(texts).toEqual(['And my driver?', 'How do I stop rushing my putts?']);
  });

  it('when the member never wrote, then the section says so and links to the contact form', async () => {
    serveAccount({ user: freeUser() });
    const section = await openAccount();
    expect(await within(section).findByText(/You have not written to us yet/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
