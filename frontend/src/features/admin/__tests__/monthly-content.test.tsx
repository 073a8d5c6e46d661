import { describe, expect, it } from 'vitest';
import { freeUser } from '@/testing/data';
import { serveAdmin } from '@/testing/mocks/admin-handlers';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

const admin = () => freeUser({ role: 'admin', email: 'founder@example.com', firstName: 'Coach', lastName: 'Founder' });

const promiseCard = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: /^New content, February 2026/ });
  return heading.closest('section')!;
};

describe('Founder Console: new content every month', () => {
  it('when nothing was added by the 20th, then the front page shows the warning', async () => {
    serveAdmin({
      thisMonth: {
        month: '2026-02',
        added: [],
        warning: 'Nothing new has been added in February 2026 yet. Members are promised new content every month.',
      },
    });
    renderApp('/admin', { viewer: admin() });
    await waitForAppReady();
    const card = await promiseCard();
    expect(await within(card).findByText(/Nothing new has been added in February 2026 yet/)).toBeInTheDocument();
    expect(within(card).getByText(/Nothing added this month yet/)).toBeInTheDocument();
  });

  it('when the founder adds a section item, then the POST carries it and the front page lists it without the warning', async () => {
    const state = serveAdmin({
      thisMonth: { month: '2026-02', added: [], warning: 'Nothing new has been added in February 2026 yet.' },
    });
    const { user } = renderApp('/admin/content', { viewer: admin() });
    await waitForAppReady();
    await user.click(await screen.findByRole('tab', { name: 'Section items' }));
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an item to Daily drills' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'The Ninety-Second Reset');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Breathe out twice as long as in.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.posts).toEqual([
      {
        path: 'admin/sections/daily-drills/content',
        body: {
          contentType: 'text',
          title: 'The Ninety-Second Reset',
          textContent: 'Breathe out twice as long as in.',
        },
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'The Ninety-Second Reset' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Members' }));
    const card = await promiseCard();
    expect(await within(card).findByText('The Ninety-Second Reset')).toBeInTheDocument();
    expect(within(card).getByText('1 item added this month:')).toBeInTheDocument();
    expect(within(card).queryByText(/Nothing new has been added/)).not.toBeInTheDocument();
  });
});
