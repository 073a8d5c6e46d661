import { describe, expect, it } from 'vitest';
import { freeUser } from '@/testing/data';
import { buildAdminMessage, buildContactPromise, serveAdmin } from '@/testing/mocks/admin-handlers';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

const admin = () => freeUser({ role: 'admin', email: 'founder@example.com' });
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** The table's body rows, top to bottom. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Contact messages' }))
    .getAllByRole('row')
    .slice(1);

describe('Founder Console inbox: priority support', () => {
  it('when messages are open, then the most urgent comes first with its level and the time left, and an overdue one is marked', async () => {
    serveAdmin({
      messages: [
        buildAdminMessage({ id: 'free', name: 'Fred Free', level: 'free', dueAt: inHours(60) }),
        buildAdminMessage({ id: 'late', name: 'Vera Visitor', level: 'visitor', dueAt: inHours(-3.5) }),
        buildAdminMessage({ id: 'prem', name: 'Pam Premium', level: 'premium', dueAt: inHours(20.5) }),
      ],
    });
    renderApp('/admin/inbox', { viewer: admin() });
    await waitForAppReady();
    await screen.findByText('Pam Premium');
    expect(rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      expect.stringContaining('Vera Visitor'),
      expect.stringContaining('Pam Premium'),
      expect.stringContaining('Fred Free'),
    ]);
    const [late, premium, free] = rows();
    expect(within(late!).getByText('Overdue by 3 h')).toBeInTheDocument();
    expect(within(late!).getByText('Visitor')).toBeInTheDocument();
    expect(within(premium!).getByText('Premium')).toBeInTheDocument();
    expect(within(premium!).getByText('20 h left')).toBeInTheDocument();
    expect(within(free!).getByText('2 d 11 h left')).toBeInTheDocument();
  });

  it('when the founder searches the inbox, then the list asks for those words and shows only what matches, or says none does', async () => {
    const state = serveAdmin({
      messages: [
        buildAdminMessage({
          id: 'a',
          name: 'Fred Free',
          level: 'free',
          message: 'Yips on short putts',
          dueAt: inHours(60),
        }),
        buildAdminMessage({
          id: 'b',
          name: 'Pam Premium',
          level: 'premium',
          message: 'First tee nerves',
          dueAt: inHours(20),
        }),
      ],
    });
    const { user } = renderApp('/admin/inbox', { viewer: admin() });
    await waitForAppReady();
    await screen.findByText('Fred Free');
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'short PUTTS');
    // A pause in the typing longer than the debounce (a slow machine) asks for "short" first.
    await waitFor(() =>
      expect(state.queries.messages?.at(-1)).toEqual({
        handled: 'false',
        sort: 'due',
        q: 'short PUTTS',
        page: '1',
        pageSize: '20',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Pam Premium')).not.toBeInTheDocument());
    expect(rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      expect.stringContaining('Fred Free'),
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), ' bunker');
    expect(await screen.findByText('No message matches "short PUTTS bunker".')).toBeInTheDocument();
  });

  it('when the founder replies, then the text is posted, the message leaves the open list and a toast confirms it', async () => {
    const state = serveAdmin({
      messages: [buildAdminMessage({ id: 'c9', name: 'Pam Premium', level: 'premium', dueAt: inHours(10) })],
    });
    const { user } = renderApp('/admin/inbox', { viewer: admin() });
    await waitForAppReady();
    await user.click(await screen.findByRole('button', { name: 'Reply: message from Pam Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Pam Premium' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(within(dialog).getByText('Write your reply.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Your reply/), 'Breathe out slowly.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));

    await waitFor(() =>
      expect(state.posts).toEqual([{ path: 'admin/contact-messages/c9/reply', body: { text: 'Breathe out slowly.' } }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Inbox zero: no open messages.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Reply sent');
  });

  it('when the sender deleted their account (410), then the server’s message shows and the dialog stays open', async () => {
    const state = serveAdmin({ messages: [buildAdminMessage({ id: 'gone', name: 'Gone Member' })] });
    state.failNext = {
      path: 'admin/contact-messages/gone/reply',
      status: 410,
      message: 'The sender deleted their account: their message is gone and cannot be answered.',
    };
    const { user } = renderApp('/admin/inbox', { viewer: admin() });
    await waitForAppReady();
    await user.click(await screen.findByRole('button', { name: 'Reply: message from Gone Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Gone Member' });
    await user.type(within(dialog).getByLabelText(/Your reply/), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText(/deleted their account/)).toBeInTheDocument();
  });

  it('when the console opens the inbox, then the promise shows as a share per level over 30 days', async () => {
    serveAdmin({ promise: buildContactPromise() });
    renderApp('/admin/inbox', { viewer: admin() });
    await waitForAppReady();
    const card = await screen.findByRole('region', { name: 'Our support promise, last 30 days' });
    expect(within(card).getByText('92%')).toBeInTheDocument();
    expect(within(card).getByText('Premium answered within 24 h')).toBeInTheDocument();
    expect(within(card).getByText('11 of 12 · 1 still open, not yet due')).toBeInTheDocument();
    expect(within(card).getByText('100%')).toBeInTheDocument();
    expect(within(card).getByText('Free answered within 72 h')).toBeInTheDocument();
    expect(within(card).getByText('—')).toBeInTheDocument();
  });
});
