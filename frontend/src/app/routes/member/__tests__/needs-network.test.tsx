import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { freeUser } from '@/testing/data';
import { renderApp, screen, waitForAppReady } from '@/testing/test-utils';

afterEach(() => vi.restoreAllMocks());

describe('member pages without a network', () => {
  it('say so plainly, and show themselves again when the network is back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/member/account', { viewer: freeUser() });
    await waitForAppReady();
    expect(
      await screen.findByRole('heading', { name: "You're offline — this page needs a connection" }),
    ).toBeInTheDocument();

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('heading', { name: /You're offline/ })).not.toBeInTheDocument();
  });
});
