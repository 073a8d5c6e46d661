import type { AdminNewsletter } from '@fm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { freeUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';
import type { WhatsNewItem } from '@/features/admin/api/newsletters';

const admin = () => freeUser({ role: 'admin', email: 'founder@example.com', firstName: 'Coach', lastName: 'Founder' });

const buildNewsletter = (o: Partial<AdminNewsletter> = {}): AdminNewsletter => ({
  id: 'n1',
  subject: 'October: the pre-shot routine',
  markdown: '## Hello\n\nThis month…',
  status: 'draft',
  recipients: 0,
  sent: 0,
  failed: 0,
  unsubscribed: null,
  sentAt: null,
  createdAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-10-02T09:00:00.000Z',
  ...o,
});

const PREVIEW_HTML =
  '<!doctype html><html><body><h1>Hello</h1><a href="https://x.example/u">Unsubscribe</a></body></html>';

/** The newsletter routes over in-memory records, like the server (newest first; 409 once sent). */
function serveNewsletters(init: {
  newsletters?: AdminNewsletter[];
  subscribers?: number;
  whatsNew?: WhatsNewItem[] | 404;
}) {
  const state = {
    newsletters: init.newsletters ?? [],
    subscribers: init.subscribers ?? 3,
    calls: [] as { method: string; path: string; body?: unknown }[],
  };
  const find = (id: unknown) => state.newsletters.find((n) => n.id === id);
  const notFound = () => HttpResponse.json({ message: 'Newsletter not found' }, { status: 404 });
  server.use(
    http.get(apiUrl('admin/newsletters'), () => HttpResponse.json({ items: state.newsletters })),
    http.get(apiUrl('admin/newsletters/audience'), () => HttpResponse.json({ subscribers: state.subscribers })),
    http.get(apiUrl('admin/newsletters/:id'), ({ params }) => {
      const n = find(params.id);
      return n ? HttpResponse.json(n) : notFound();
    }),
    http.post(apiUrl('admin/newsletters'), async ({ request }) => {
      const body = (await request.json()) as { subject: string; markdown: string };
      state.calls.push({ method: 'POST', path: 'admin/newsletters', body });
      const created = buildNewsletter({ id: `n${state.newsletters.length + 1}`, ...body });
      state.newsletters.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(apiUrl('admin/newsletters/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Partial<AdminNewsletter>;
      state.calls.push({ method: 'PATCH', path: `admin/newsletters/${String(params.id)}`, body });
      const n = find(params.id);
      if (!n) return notFound();
      if (n.status !== 'draft')
        return HttpResponse.json({ message: 'A sent newsletter cannot be edited' }, { status: 409 });
      Object.assign(n, body);
      return HttpResponse.json(n);
    }),
    http.get(apiUrl('admin/newsletters/:id/preview'), ({ params }) => {
      const n = find(params.id);
      state.calls.push({ method: 'GET', path: `admin/newsletters/${String(params.id)}/preview` });
      return n
        ? HttpResponse.json({
            subject: n.subject,
            html: PREVIEW_HTML,
            text: `${n.markdown}\n\nUnsubscribe: https://x.example/u`,
          })
        : notFound();
    }),
    http.post(apiUrl('admin/newsletters/:id/test'), ({ params }) => {
      state.calls.push({ method: 'POST', path: `admin/newsletters/${String(params.id)}/test` });
      return HttpResponse.json({ queued: true }, { status: 202 });
    }),
    http.post(apiUrl('admin/newsletters/:id/send'), ({ params }) => {
      state.calls.push({ method: 'POST', path: `admin/newsletters/${String(params.id)}/send` });
      const n = find(params.id);
      if (!n) return notFound();
      if (n.status !== 'draft') return HttpResponse.json({ message: 'Already sent' }, { status: 409 });
      Object.assign(n, { status: 'sending', recipients: state.subscribers, unsubscribed: 0 });
      return HttpResponse.json(n, { status: 202 });
    }),
    http.get(apiUrl('member/whats-new'), () =>
      init.whatsNew === 404 || init.whatsNew === undefined
        ? HttpResponse.json({ message: 'Not found' }, { status: 404 })
        : HttpResponse.json(init.whatsNew),
    ),
  );
  return state;
}

beforeAll(async () => {
  await import('@/app/routes/member/member-routes');
  await import('@/app/routes/admin/admin-console');
}, 60_000);

describe('Founder Console: Newsletters', { timeout: 120_000 }, () => {
  it('lists newsletters newest first with their status and counts, and the audience', async () => {
    serveNewsletters({
      subscribers: 42,
      newsletters: [
        buildNewsletter({ id: 'n2', subject: 'November draft' }),
        buildNewsletter({
          id: 'n1',
          subject: 'October issue',
          status: 'sent',
          recipients: 40,
          sent: 39,
          failed: 1,
          unsubscribed: 2,
          sentAt: '2026-10-05T09:00:00.000Z',
        }),
      ],
    });
    renderApp('/admin/newsletters', { viewer: admin() });
    await waitForAppReady();
    expect(await screen.findByRole('tab', { name: 'Newsletters', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Newsletters' });
    const rows = await within(table).findAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[1]!).slice(0, 6)).toEqual(['November draft', 'Draft', '0', '0', '0', '—']);
    expect(cells(rows[2]!).slice(0, 6)).toEqual(['October issue', 'Sent', '40', '39', '1', '2']);
    expect(within(rows[1]!).getByRole('link', { name: 'Edit: November draft' })).toHaveAttribute(
      'href',
      '/admin/newsletters/n2',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'View: October issue' })).toHaveAttribute(
      'href',
      '/admin/newsletters/n1',
    );
    expect(await screen.findByText(/^42 subscribers now/)).toBeInTheDocument();
  });

  it('when the founder writes a new draft and inserts what is new, then saving creates it (POST) and opens its page', async () => {
    const state = serveNewsletters({
      whatsNew: [
        {
          kind: 'lesson',
          id: 'les-9',
          title: 'Breathing under pressure',
          publishedAt: '2026-11-20T00:00:00.000Z',
          locked: true,
        },
        {
          kind: 'item',
          id: 'it-2',
          title: 'Tee box reset',
          sectionSlug: 'tee-time',
          publishedAt: '2026-11-12T00:00:00.000Z',
          locked: true,
        },
      ],
    });
    const { user, location } = renderApp('/admin/newsletters', { viewer: admin() });
    await waitForAppReady();
    await user.click(await screen.findByRole('link', { name: 'New newsletter' }));
    await waitFor(() => expect(location().pathname).toBe('/admin/newsletters/new'));

    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Write a subject.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveFocus();
    expect(state.calls).toEqual([]);

    // Pasted (one change each): typing key by key re-renders the whole editor per key.
    await user.click(screen.getByLabelText(/^Subject/));
    await user.paste('November at Fairway Mind');
    await user.click(screen.getByLabelText(/^Body \(Markdown\)/));
    await user.paste('Hello golfers,');
    await user.click(await screen.findByRole('button', { name: "Insert What's new this month" }));
    const markdown = [
      'Hello golfers,',
      '',
      "## What's new this month",
      '',
      `- [Breathing under pressure](${window.location.origin}/lesson/les-9) (Lesson)`,
      `- [Tee box reset](${window.location.origin}/member/tee-time) (Tee time)`,
      '',
    ].join('\n');
    expect(screen.getByLabelText(/^Body \(Markdown\)/)).toHaveValue(markdown);

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(location().pathname).toBe('/admin/newsletters/n1'));
    expect(state.calls).toEqual([
      { method: 'POST', path: 'admin/newsletters', body: { subject: 'November at Fairway Mind', markdown } },
    ]);
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('when the founder previews a draft and sends a test, then the preview shows the exact HTML (sandboxed) and the text part, and one test is asked', async () => {
    const state = serveNewsletters({ newsletters: [buildNewsletter()] });
    const { user } = renderApp('/admin/newsletters/n1', { viewer: admin() });
    await waitForAppReady();
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const frame = await screen.findByTitle('Newsletter preview: HTML part');
    expect(frame).toHaveAttribute('srcdoc', PREVIEW_HTML);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(screen.getByLabelText('Newsletter preview: text part')).toHaveTextContent(
      'Unsubscribe: https://x.example/u',
    );

    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText('Test sent')).toBeInTheDocument();
    expect(state.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET admin/newsletters/n1/preview',
      'POST admin/newsletters/n1/test',
    ]);
  });

  it('when the founder sends to the subscribers and confirms, then it is sent once and turns read-only', async () => {
    const state = serveNewsletters({ newsletters: [buildNewsletter()], subscribers: 3 });
    const { user } = renderApp('/admin/newsletters/n1', { viewer: admin() });
    await waitForAppReady();
    await user.click(await screen.findByRole('button', { name: 'Send to 3 subscribers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to 3 subscribers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send to 3 subscribers' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Sending: 0 of 3 sent so far.')).toBeInTheDocument();
    expect(state.calls).toEqual([{ method: 'POST', path: 'admin/newsletters/n1/send' }]);
    expect(screen.queryByRole('button', { name: /Save draft|Saved/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('readonly');
  });

  it('when an edited draft is previewed, then the changes are saved first (PATCH) and the preview shows them', async () => {
    const state = serveNewsletters({ newsletters: [buildNewsletter()] });
    const { user } = renderApp('/admin/newsletters/n1', { viewer: admin() });
    await waitForAppReady();
    const subject = await screen.findByLabelText(/^Subject/);
    expect(subject).toHaveValue('October: the pre-shot routine');
    await user.clear(subject);
    await user.type(subject, 'October, again');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('October, again', { selector: 'p', exact: false })).toBeInTheDocument();
    expect(state.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PATCH admin/newsletters/n1',
      'GET admin/newsletters/n1/preview',
    ]);
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('when nothing is new (the route answers 404), then the button says so and cannot insert', async () => {
    serveNewsletters({ newsletters: [buildNewsletter()], whatsNew: 404 });
    renderApp('/admin/newsletters/n1', { viewer: admin() });
    await waitForAppReady();
    expect(await screen.findByRole('button', { name: 'Nothing new this month' })).toBeDisabled();
  });

  it('when a newsletter was sent, then it is read-only with its counts and no send button', async () => {
    serveNewsletters({
      newsletters: [
        buildNewsletter({
          status: 'sent',
          recipients: 12,
          sent: 11,
          failed: 1,
          unsubscribed: 3,
          sentAt: '2026-10-05T09:00:00.000Z',
        }),
      ],
    });
    renderApp('/admin/newsletters/n1', { viewer: admin() });
    await waitForAppReady();
    expect(await screen.findByText(/A sent newsletter cannot be edited/)).toBeInTheDocument();
    const counts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({ Recipients: '12', Sent: '11', Failed: '1', 'Unsubscribed since': '3' });
    expect(screen.getByLabelText('Body (Markdown)')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save draft/ })).not.toBeInTheDocument();
  });
});
