import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser } from '@/testing/data';
import { fireEvent, renderApp, screen, waitFor } from '@/testing/test-utils';

async function openSignup() {
  const utils = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create Account' });
  return utils;
}

const field = (label: RegExp) => screen.getByLabelText(label);

describe('/signup', () => {
  it('has first name, last name, email, password and confirmation, and a link to /login', async () => {
    await openSignup();
    for (const label of [/^First name/, /^Last name/, /^Email/, /^Password/, /^Confirm password/]) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('rejects a password shorter than 6 characters', async () => {
    let calls = 0;
    server.use(http.post(apiUrl('auth/signup'), () => (calls++, HttpResponse.json({}, { status: 201 }))));
    const { user } = await openSignup();
    await user.type(field(/^Email/), 'ana@example.com');
    await user.type(field(/^Password/), '12345');
    await user.type(field(/^Confirm password/), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(field(/^Password/)).toHaveFocus();
    expect(calls).toBe(0);
  });

  it('rejects a confirmation that does not match', async () => {
    let calls = 0;
    server.use(http.post(apiUrl('auth/signup'), () => (calls++, HttpResponse.json({}, { status: 201 }))));
    const { user } = await openSignup();
    await user.type(field(/^Email/), 'ana@example.com');
    await user.type(field(/^Password/), 'secret123');
    await user.type(field(/^Confirm password/), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('requires an email', async () => {
    const { user } = await openSignup();
    await user.type(field(/^Password/), 'secret123');
    await user.type(field(/^Confirm password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it('sends names only when filled, shows "Creating account...", toasts and redirects about 100 ms after the user refetch', async () => {
    let created = false;
    let body: unknown;
    let userAnsweredAt = 0;
    server.use(
      http.post(apiUrl('auth/signup'), async ({ request }) => {
        body = await request.json();
        created = true;
        return HttpResponse.json({ user: freeUser() }, { status: 201 });
      }),
      http.get(apiUrl('auth/user'), () => {
        if (!created) return HttpResponse.json({ message: 'no' }, { status: 401 });
        userAnsweredAt = performance.now();
        return HttpResponse.json(freeUser());
      }),
    );
    const { user, location } = await openSignup();
    await user.type(field(/^First name/), '  Ana ');
    await user.type(field(/^Email/), 'ana@example.com');
    await user.type(field(/^Password/), 'secret123');
    await user.type(field(/^Confirm password/), 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();

    expect(await screen.findByText('Your account has been created successfully')).toBeInTheDocument();
    expect(body).toEqual({ email: 'ana@example.com', password: 'secret123', firstName: 'Ana' });
    expect(location().pathname).toBe('/signup');

    await waitFor(() => expect(location().pathname).not.toBe('/signup'), { interval: 5 });
    expect(userAnsweredAt).toBeGreaterThan(0);
    expect(performance.now() - userAnsweredAt).toBeGreaterThanOrEqual(95);
    await waitFor(() => expect(location().pathname).toBe('/member/account'));
  });

  it('offers the monthly newsletter unticked; ticked, the signup asks for it ({newsletter: true})', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('auth/signup'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'An account with this email already exists' }, { status: 409 });
      }),
    );
    const { user } = await openSignup();
    const box = screen.getByRole('checkbox', { name: 'Send me the monthly newsletter' });
    expect(box).not.toBeChecked();
    await user.type(field(/^Email/), 'ana@example.com');
    await user.type(field(/^Password/), 'secret123');
    await user.type(field(/^Confirm password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('alert');
    expect(bodies[0]).not.toHaveProperty('newsletter');

    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ email: 'ana@example.com', password: 'secret123', newsletter: true });
  });

  it('toasts the server message (e.g. the email is taken)', async () => {
    server.use(
      http.post(apiUrl('auth/signup'), () =>
        HttpResponse.json({ message: 'An account with this email already exists', code: 'CONFLICT' }, { status: 409 }),
      ),
    );
    const { user } = await openSignup();
    await user.type(field(/^Email/), 'ana@example.com');
    await user.type(field(/^Password/), 'secret123');
    await user.type(field(/^Confirm password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('An account with this email already exists');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('says "Signup failed" without a server message and "Failed to create account" without an answer', async () => {
    server.use(http.post(apiUrl('auth/signup'), () => HttpResponse.text('', { status: 500 })));
    const { user } = await openSignup();
    await user.type(field(/^Email/), 'ana@example.com');
    await user.type(field(/^Password/), 'secret123');
    await user.type(field(/^Confirm password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed');

    server.use(http.post(apiUrl('auth/signup'), () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create account'));
  });
});
