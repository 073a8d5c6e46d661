import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen } from '@/testing/test-utils';

async function openContact() {
  const utils = renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Get in Touch' });
  return utils;
}

describe('/contact', () => {
  it('shows the support address of the site config and the response times', async () => {
    server.use(siteConfigHandler({ supportEmail: 'help@example.org' }));
    await openContact();
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute('href', 'mailto:help@example.org');
    expect(screen.getByRole('heading', { name: 'Response Times' })).toBeInTheDocument();
    expect(screen.getByText('48-72 hours')).toBeInTheDocument();
    expect(screen.getByText('Priority support within 24 hours')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  });

  it("when the server's support promise changes, then the response times follow", async () => {
    server.use(siteConfigHandler({ supportReplyHours: { premium: 12, freeFrom: 24, free: 36 } }));
    await openContact();
    expect(screen.getByText('24-36 hours')).toBeInTheDocument();
    expect(screen.getByText('Priority support within 12 hours')).toBeInTheDocument();
    expect(screen.queryByText('48-72 hours')).not.toBeInTheDocument();
  });

  it('requires name, email and message', async () => {
    let calls = 0;
    server.use(http.post(apiUrl('contact'), () => (calls++, HttpResponse.json({ id: '1' }, { status: 201 }))));
    const { user } = await openContact();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('sends name, email and message, toasts "Message sent!" and resets the form', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('contact'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'c1' }, { status: 201 });
      }),
    );
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/^Name/), 'Ana Lopez');
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'How long are the lessons?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you as soon as possible.")).toBeInTheDocument();
    expect(body).toEqual({ name: 'Ana Lopez', email: 'ana@example.com', message: 'How long are the lessons?' });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
  });

  it('toasts an error and keeps the text when sending fails', async () => {
    server.use(http.post(apiUrl('contact'), () => HttpResponse.json({ message: 'Too many' }, { status: 429 })));
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/^Name/), 'Ana');
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to send message. Please try again.');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello');
  });
});
