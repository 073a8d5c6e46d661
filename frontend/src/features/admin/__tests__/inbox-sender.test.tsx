import { describe, expect, it } from 'vitest';
import { freeUser } from '@/testing/data';
import { buildAdminMessage, serveAdmin } from '@/testing/mocks/admin-handlers';
import { renderApp, screen, waitForAppReady, within } from '@/testing/test-utils';

const admin = () => freeUser({ role: 'admin', email: 'founder@example.com' });

/** The "From" cell of the inbox's row of `name`. */
async function fromCell(name: string) {
  const table = await screen.findByRole('table', { name: 'Contact messages' });
  const row = (await within(table).findByText(name)).closest('tr')!;
  return within(row).getAllByRole('cell')[0]!;
}

// Issue 43 §3: the inbox says who wrote: the account signed in (replies go to its address) or a
// visitor, and marks what a member typed in the form when it was not their account's.
describe('Founder Console inbox: who wrote', () => {
  it('when a member typed another person’s name and address, then the row shows the account, "signed in as" it, and the typed ones marked, with no mail link to them', async () => {
    serveAdmin({
      messages: [
        buildAdminMessage({
          id: 'eve',
          name: 'Eve Mallory',
          email: 'eve@example.com',
          level: 'premium',
          memberId: 'member-eve',
          emailVerified: false,
          typedName: 'Victor Victim',
          typedEmail: 'victor@example.com',
        }),
      ],
    });
    renderApp('/admin/inbox', { viewer: admin() });
    await waitForAppReady();
    const cell = await fromCell('Eve Mallory');
    expect(within(cell).getByRole('link', { name: 'eve@example.com' })).toHaveAttribute(
      'href',
      'mailto:eve@example.com',
    );
    expect(within(cell).getByText('Signed in as eve@example.com (address not verified)')).toBeInTheDocument();
    expect(within(cell).getByText("Typed name: Victor Victim (typed, not the account's)")).toBeInTheDocument();
    expect(within(cell).getByText("Typed address: victor@example.com (typed, not the account's)")).toBeInTheDocument();
    expect(within(cell).getAllByRole('link')).toHaveLength(1);
  });

  it('when a visitor or a member with their own verified address wrote, then the row says so and marks nothing as typed', async () => {
    serveAdmin({
      messages: [
        buildAdminMessage({ id: 'v', name: 'Val Visitor', email: 'val@example.com', level: 'visitor' }),
        buildAdminMessage({ id: 'a', name: 'Ada Lovelace', email: 'ada@example.com', level: 'free' }),
      ],
    });
    renderApp('/admin/inbox', { viewer: admin() });
    await waitForAppReady();
    const visitor = await fromCell('Val Visitor');
    expect(within(visitor).getByText('Visitor (address not proven)')).toBeInTheDocument();
    const member = await fromCell('Ada Lovelace');
    expect(within(member).getByText('Signed in as ada@example.com')).toBeInTheDocument();
    expect(within(member).queryByText(/typed, not the account/)).not.toBeInTheDocument();
    expect(within(visitor).queryByText(/typed, not the account/)).not.toBeInTheDocument();
  });
});
