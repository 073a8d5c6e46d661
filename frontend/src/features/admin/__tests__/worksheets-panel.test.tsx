import type { AdminWorksheet } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { WorksheetsPanel } from '@/features/admin/components/worksheets-panel';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

const sheet = (overrides: Partial<AdminWorksheet> = {}): AdminWorksheet => ({
  slug: 'sos-drills-reset-card',
  title: 'The 60-Second Reset Card',
  sectionSlug: 'sos-drills',
  url: '/media/worksheets/sos-drills-reset-card.pdf',
  bytes: 19_970,
  updatedAt: '2026-11-01T10:00:00.000Z',
  body: '## The reset\n- [ ] Breathe.',
  managedBy: 'seed',
  ...overrides,
});

describe('the console worksheets', () => {
  it('when the founder edits a worksheet, then only the changed text is sent and the list shows the new PDF', async () => {
    let stored = sheet();
    const patches: unknown[] = [];
    server.use(
      http.get(apiUrl('admin/worksheets'), () => HttpResponse.json([stored])),
      http.patch(apiUrl('admin/worksheets/:slug'), async ({ request, params }) => {
        patches.push({ slug: params.slug, body: await request.json() });
        stored = sheet({ body: '## The reset\n- [ ] Breathe out slowly.', bytes: 21_000, managedBy: 'admin' });
        return HttpResponse.json(stored);
      }),
    );
    const { user } = renderWithProviders(<WorksheetsPanel />);
    const row = (await screen.findByRole('cell', { name: /The 60-Second Reset Card/ })).closest('tr')!;
    expect(within(row).getByRole('link', { name: '20 KB' })).toHaveAttribute(
      'href',
      '/media/worksheets/sos-drills-reset-card.pdf',
    );

    await user.click(within(row).getByRole('button', { name: 'Edit worksheet The 60-Second Reset Card' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit worksheet/ });
    const body = within(dialog).getByRole('textbox', { name: 'Worksheet text' });
    await user.clear(body);
    await user.paste('## The reset\n- [ ] Breathe out slowly.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([
      { slug: 'sos-drills-reset-card', body: { body: '## The reset\n- [ ] Breathe out slowly.' } },
    ]);
    expect(await screen.findByRole('link', { name: '21 KB' })).toBeInTheDocument();
    expect(screen.getByText('edited')).toBeInTheDocument();
  });

  it('when the server refuses the text, then its message shows and the dialog stays open', async () => {
    server.use(
      http.get(apiUrl('admin/worksheets'), () => HttpResponse.json([sheet()])),
      http.patch(apiUrl('admin/worksheets/:slug'), () =>
        HttpResponse.json(
          { message: 'title cannot be empty', code: 'VALIDATION_ERROR', errors: { title: 'title cannot be empty' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<WorksheetsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit worksheet The 60-Second Reset Card' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' (v2)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('title cannot be empty');
  });
});
